import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GALLERY_SIZES,
  marketingSet,
  srcSet,
  type MarketingImage,
  type MarketingSet,
} from '#src/ui/marketing-images.ts';
import { usePrefersReducedMotion } from '#src/ui/use-prefers-reduced-motion.ts';
import { Chevron } from '#src/ui/chevron.tsx';

/** The gallery's pictures in order (the cover, then four spreads) in a book language; the looping video comes after them. */
function galleryImages(bookLanguage: string): readonly MarketingImage[] {
  const set = marketingSet(bookLanguage);
  return [
    set.covers[0]!,
    set.spreads['spread-garden'],
    set.spreads['spread-match'],
    set.spreads['spread-bedtime'],
    set.spreads['spread-goal'],
  ];
}
const COUNT = 6;

function Thumbnail({
  image,
  video,
}: {
  image: MarketingImage | undefined;
  video: MarketingSet['video'];
}) {
  // Low priority: the first screen's picture and words come first, the thumbnails after them.
  if (!image)
    return (
      <img
        src={video.poster}
        width={video.width}
        height={video.height}
        alt=""
        loading="lazy"
        decoding="async"
        fetchPriority="low"
      />
    );
  const small = image.sources[0];
  return (
    <img
      src={small?.src}
      srcSet={srcSet(image)}
      sizes="(max-width: 768px) 16vw, 100px"
      width={small?.width}
      height={small?.height}
      alt=""
      loading="lazy"
      decoding="async"
      fetchPriority="low"
    />
  );
}

/**
 * Five pictures drawn by our renderer and one looping video, in the book language chosen on the
 * page, with previous/next arrows, thumbnails and the arrow keys. The position is announced politely.
 */
export function ProductGallery({ bookLanguage }: { bookLanguage: string }) {
  const { t } = useTranslation('product');
  const images = galleryImages(bookLanguage);
  const video = marketingSet(bookLanguage).video;
  const reducedMotion = usePrefersReducedMotion();
  const [current, setCurrent] = useState(0);
  const id = useId();
  const alts = images.map((image, index) => t(`gallery.items.${index}`, { name: image.name }));
  const go = (index: number) => setCurrent(((index % COUNT) + COUNT) % COUNT);
  // Left and right arrows anywhere in the gallery (except on the video, whose controls seek with them).
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLVideoElement) return;
      const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
      if (!step) return;
      event.preventDefault();
      setCurrent((now) => (((now + step) % COUNT) + COUNT) % COUNT);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, []);
  const image = images[current];
  const largest = image?.sources[image.sources.length - 1];
  const smallest = image?.sources[0];
  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={t('gallery.label')}
      ref={region}
    >
      <div className="gallery__stage" id={`${id}-stage`}>
        {image ? (
          <img
            key={image.sources[0]?.src}
            src={largest?.src}
            srcSet={srcSet(image)}
            sizes={image.kind === 'cover' ? GALLERY_SIZES.cover : GALLERY_SIZES.spread}
            width={smallest?.width}
            height={smallest?.height}
            alt={alts[current] ?? ''}
            className={image.kind === 'cover' ? 'gallery__cover' : undefined}
            fetchPriority={current === 0 ? 'high' : 'auto'}
          />
        ) : (
          <video
            key={video.webm}
            width={video.width}
            height={video.height}
            poster={video.poster}
            muted
            loop
            playsInline
            controls
            autoPlay={!reducedMotion}
            preload="none"
            aria-label={t('gallery.video', { name: video.name })}
          >
            <source src={video.webm} type="video/webm" />
            <source src={video.mp4} type="video/mp4" />
          </video>
        )}
        <button
          type="button"
          className="overlay-button gallery__arrow gallery__arrow--previous"
          aria-label={t('gallery.previous')}
          aria-controls={`${id}-stage`}
          onClick={() => go(current - 1)}
        >
          <Chevron direction="back" size={24} />
        </button>
        <button
          type="button"
          className="overlay-button gallery__arrow gallery__arrow--next"
          aria-label={t('gallery.next')}
          aria-controls={`${id}-stage`}
          onClick={() => go(current + 1)}
        >
          <Chevron direction="forward" size={24} />
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {t('gallery.position', { index: current + 1, count: COUNT })}
      </p>
      <ul className="gallery__thumbnails" aria-label={t('gallery.thumbnails')}>
        {Array.from({ length: COUNT }, (_, index) => (
          <li key={index}>
            <button
              type="button"
              className="gallery__thumbnail"
              aria-label={t('gallery.show', { index: index + 1, count: COUNT })}
              aria-current={index === current ? 'true' : undefined}
              aria-controls={`${id}-stage`}
              onClick={() => go(index)}
            >
              <Thumbnail image={images[index]} video={video} />
              {index === images.length && (
                <svg
                  className="gallery__play"
                  viewBox="0 0 24 24"
                  width="24"
                  height="24"
                  aria-hidden="true"
                  focusable="false"
                >
                  <circle cx="12" cy="12" r="11" fill="rgb(31 42 55 / 75%)" />
                  <path d="M10 8v8l6-4z" fill="#fff" />
                </svg>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
