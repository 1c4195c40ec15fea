import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { srcSet, type MarketingImage } from '#src/ui/marketing-images.ts';
import { useIdle } from '#src/ui/use-idle.ts';
import { usePrefersReducedMotion } from '#src/ui/use-prefers-reduced-motion.ts';
import { autoplayState, CAROUSEL_AUTOPLAY_MS, EMBLA_DURATION } from './autoplay-state.ts';

interface CoverCarouselProps {
  covers: readonly MarketingImage[];
  /** The `sizes` attribute of the slides' images. */
  sizes: string;
}

/**
 * The hero's cover carousel: one cover at a time, looping, dots, autoplay every 3 s. Autoplay stops
 * while the pointer is over it or focus is inside, and when the visitor pauses it (WCAG 2.2.2).
 * A visitor who prefers reduced motion sees it still until they press play. The carousel starts
 * (measures its slides) when the browser is first idle, or at once when the visitor reaches for it,
 * not during hydration: until then the first cover shows as the server drew it, and the other
 * covers' pictures are not fetched (they stay out of sight until the carousel moves).
 */
export function CoverCarousel({ covers, sizes }: CoverCarouselProps) {
  const { t } = useTranslation('home');
  const reducedMotion = usePrefersReducedMotion();
  const plugins = useMemo(
    () => [
      Autoplay({
        delay: CAROUSEL_AUTOPLAY_MS,
        playOnInit: false,
        stopOnInteraction: false,
        stopOnMouseEnter: false,
        stopOnFocusIn: false,
      }),
    ],
    [],
  );
  const { idle, wake } = useIdle();
  // Embla measures the slides when it starts (a forced layout, ~10 ms on a laptop, four times
  // that on a slow phone): in a task of its own, after the one that gave the other covers their
  // pictures, so neither makes a long task.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!idle) return;
    const timer = window.setTimeout(() => setStarted(true), 0);
    return () => window.clearTimeout(timer);
  }, [idle]);
  const [viewportRef, embla] = useEmblaCarousel(
    { loop: true, duration: EMBLA_DURATION, slidesToScroll: 1 },
    plugins,
  );
  const [selected, setSelected] = useState(0);
  // null: the visitor has not chosen; then reduced motion decides.
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = pausedByVisitor ?? reducedMotion;
  const state = autoplayState({ paused, focused, hovered });

  // A dot pressed before the carousel has started (a tap in the first moments, a screen reader's
  // click, which wakes nothing): the carousel starts at once and goes to it when it is ready.
  const pendingDot = useRef<number | null>(null);
  const showCover = (index: number) => {
    if (embla) {
      embla.scrollTo(index);
      return;
    }
    pendingDot.current = index;
    setSelected(index);
    wake();
    setStarted(true);
  };

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    if (pendingDot.current !== null) {
      embla.scrollTo(pendingDot.current, true);
      pendingDot.current = null;
    }
    onSelect();
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (state === 'playing') autoplay.play();
    else autoplay.stop();
  }, [embla, state]);

  // Pointer over it or focus inside stops the autoplay (listeners on the region itself); reaching for
  // the carousel starts it if the browser has not been idle yet.
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const enter = () => {
      setHovered(true);
      wake();
    };
    const leave = () => setHovered(false);
    const focusIn = () => {
      setFocused(true);
      wake();
    };
    const focusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    element.addEventListener('mouseenter', enter);
    element.addEventListener('mouseleave', leave);
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    element.addEventListener('touchstart', wake, { passive: true });
    return () => {
      element.removeEventListener('mouseenter', enter);
      element.removeEventListener('mouseleave', leave);
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
      element.removeEventListener('touchstart', wake);
    };
  }, [wake]);

  return (
    <section
      className="cover-carousel"
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      data-autoplay={state}
      ref={region}
    >
      <button
        type="button"
        className="overlay-button cover-carousel__toggle"
        onClick={() => setPausedByVisitor(!paused)}
        aria-label={paused ? t('carousel.play') : t('carousel.pause')}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          {paused ? (
            <path d="M8 5v14l11-7z" fill="currentColor" />
          ) : (
            <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
          )}
        </svg>
      </button>
      <div className="cover-carousel__viewport" ref={started ? viewportRef : undefined}>
        <div className="cover-carousel__track" aria-live={state === 'playing' ? 'off' : 'polite'}>
          {covers.map((cover, index) => {
            const smallest = cover.sources[0];
            const largest = cover.sources[cover.sources.length - 1];
            return (
              <div
                className="cover-carousel__slide"
                key={cover.id}
                role="group"
                aria-roledescription="slide"
                aria-label={t('carousel.slide', { index: index + 1, count: covers.length })}
              >
                <img
                  // The other covers load once the carousel starts: fetched with the page, a phone
                  // shares its bandwidth between them and the first cover, the one it shows.
                  src={index === 0 || idle ? largest?.src : undefined}
                  srcSet={index === 0 || idle ? srcSet(cover) : undefined}
                  sizes={sizes}
                  width={smallest?.width}
                  height={smallest?.height}
                  alt={t('carousel.slideAlt', { name: cover.name })}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  decoding={index === 0 ? 'sync' : 'async'}
                />
              </div>
            );
          })}
        </div>
      </div>
      <div className="cover-carousel__dots" role="group" aria-label={t('carousel.dots')}>
        {covers.map((cover, index) => (
          <button
            key={cover.id}
            type="button"
            className="cover-carousel__dot"
            aria-label={t('carousel.goTo', { index: index + 1 })}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => showCover(index)}
          />
        ))}
      </div>
    </section>
  );
}
