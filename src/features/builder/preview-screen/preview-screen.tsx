import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { PageReader } from './page-reader.tsx';
import { pageLabel } from './page-label.ts';
import { Chevron } from '#src/ui/chevron.tsx';
import '#src/features/builder/step-frame.css';
import './preview-screen.css';
import './preview-reader.css';

import { PreviewPage, type Direction, type PreviewImage } from './preview-page.tsx';
import { PreviewThumbnail } from './preview-thumbnail.tsx';

export type { PreviewImage };

export interface PreviewScreenProps {
  images: PreviewImage[];
  /** How many images are still to come; the Next label counts them. */
  remaining: number;
  onRetry(page: string): void;
  onNext(): void;
  onReturn(): void;
  /** The page to open on (the one shown before the preview was drawn again). */
  startPage?: string;
  /** Told the page on screen whenever it changes. */
  onShow?(page: string): void;
  /** The main button's words instead of Next (a paid book's change: 'Save the changes'). */
  nextText?: string | undefined;
  /** The back button's words instead of Return. */
  returnText?: string | undefined;
  /** The main button waits (a save in progress). */
  busy?: boolean | undefined;
  /** A message above the main button (a save that failed, and why). */
  notice?: ReactNode;
}

/** A horizontal move at least this long (px), and mostly sideways, turns the page. */
const SWIPE_DISTANCE = 40;

/**
 * The book preview: a page-turning viewer of the cover, the dedication page and the spreads, with
 * previous/next buttons, arrow keys while the viewer has focus, swipe, a page indicator and
 * thumbnails. Images arrive one by one; a page that is not in yet shows a skeleton, a failed page a
 * placeholder with 'Try again'. Tapping a page opens it in the full-screen reader.
 */
export function PreviewScreen({
  images,
  remaining,
  onRetry,
  onNext,
  onReturn,
  startPage,
  onShow,
  nextText,
  returnText,
  busy = false,
  notice,
}: PreviewScreenProps) {
  const { t } = useTranslation('preview');
  const id = useId();
  const [requested, setRequested] = useState(() =>
    Math.max(
      0,
      images.findIndex((image) => image.page === startPage),
    ),
  );
  const [direction, setDirection] = useState<Direction>('none');
  const stage = useRef<HTMLDivElement>(null);
  const thumbnails = useRef<HTMLOListElement>(null);
  const swipe = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  /** Set when the arrow keys were pressed on a thumbnail: focus follows to the new page's thumbnail. */
  const focusThumbnail = useRef(false);
  /** The last pointer-up was a swipe: the click that follows it does not open the reader. */
  const swiped = useRef(false);
  const [reading, setReading] = useState(false);

  const total = images.length;
  const index = Math.min(requested, Math.max(total - 1, 0));
  const current = images[index];
  // The stage's page is painted alone first: the pictures of the pages that were in when the screen
  // opened (drawn ahead) come a frame after the stage's page is in (or has failed), or after a second.
  const [pictures, setPictures] = useState(() => !images.some((image) => image.status === 'ready'));
  const settled = current?.status === 'ready' || current?.status === 'failed';
  useEffect(() => {
    if (pictures) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => setPictures(true);
    const frame = settled ? requestAnimationFrame(() => (timer = setTimeout(show))) : 0;
    const fallback = setTimeout(show, 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [pictures, settled]);

  const goTo = (target: number) => {
    if (target < 0 || target >= total || target === index) return;
    setDirection(target > index ? 'forward' : 'back');
    setRequested(target);
  };
  // The thumbnails' one handler (the same on every render, so a thumbnail renders only when it changes).
  const latestGoTo = useRef(goTo);
  useLayoutEffect(() => {
    latestGoTo.current = goTo;
  });
  const select = useCallback((target: number) => latestGoTo.current(target), []);

  const shown = current?.page;
  useEffect(() => {
    if (shown) onShow?.(shown);
  }, [shown, onShow]);

  // Keep the current thumbnail in view as the pages turn (and focused when the keys were pressed there).
  useEffect(() => {
    const button = thumbnails.current?.children[index]?.querySelector('button');
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (focusThumbnail.current) button?.focus();
    focusThumbnail.current = false;
  }, [index]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target =
      event.key === 'ArrowRight'
        ? index + 1
        : event.key === 'ArrowLeft'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? total - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    focusThumbnail.current = thumbnails.current?.contains(event.target as Node) ?? false;
    goTo(Math.min(Math.max(target, 0), total - 1));
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipe.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    swiped.current = Math.hypot(dx, dy) > 10;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.2) return;
    goTo(dx < 0 ? index + 1 : index - 1);
  };

  const retry = (page: string) => {
    onRetry(page);
    // The button goes away with the failed state; keep focus in the viewer.
    stage.current?.focus();
  };

  const failed = images.filter((image) => image.status === 'failed').length;
  const nextLabel = nextText ?? (remaining > 0 ? t('next', { count: remaining }) : t('nextReady'));

  return (
    <div className="step-frame book-preview">
      <div className="step-frame__top">
        <button type="button" className="step-frame__back" onClick={onReturn}>
          <Chevron direction="back" size={20} />
          {returnText ?? t('return')}
        </button>
        <h1 className="step-frame__title">{t('title')}</h1>
      </div>
      <p className="step-frame__intro">{t('intro')}</p>

      {/* Arrow keys turn the pages while focus is anywhere in the viewer (the APG carousel pattern). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <section
        className="book-preview__viewer"
        aria-roledescription={t('carousel')}
        aria-label={t('viewer')}
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          className="book-preview__turn book-preview__turn--previous"
          onClick={() => goTo(index - 1)}
          disabled={index === 0}
          aria-label={t('previous')}
          aria-controls={`${id}-stage`}
        >
          <Chevron direction="back" size={28} />
        </button>

        <div
          ref={stage}
          id={`${id}-stage`}
          className="book-preview__stage"
          // The stage takes focus so the arrow keys turn pages and focus has a home after 'Try again'.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="group"
          aria-roledescription={t('slide')}
          aria-label={
            current
              ? `${pageLabel(t, current.page)} (${t('indicator', { current: index + 1, total })})`
              : t('viewer')
          }
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
        >
          {current ? (
            <PreviewPage
              key={current.page}
              image={current}
              direction={direction}
              onRetry={retry}
              onOpen={() => {
                if (!swiped.current) setReading(true);
                swiped.current = false;
              }}
            />
          ) : (
            <PreviewPage
              image={{ page: 'cover', status: 'waiting' }}
              direction="none"
              onRetry={retry}
              onOpen={() => {}}
            />
          )}
        </div>

        <button
          type="button"
          className="book-preview__turn book-preview__turn--next"
          onClick={() => goTo(index + 1)}
          disabled={index >= total - 1}
          aria-label={t('nextPage')}
          aria-controls={`${id}-stage`}
        >
          <Chevron direction="forward" size={28} />
        </button>

        <p className="book-preview__indicator" aria-live="polite">
          {total > 0 ? t('indicator', { current: index + 1, total }) : t('loading')}
        </p>

        <nav className="book-preview__thumbnails" aria-label={t('thumbnails')}>
          <ol ref={thumbnails}>
            {images.map((image, i) => (
              <PreviewThumbnail
                key={image.page}
                image={image}
                index={i}
                current={i === index}
                picture={pictures}
                onSelect={select}
              />
            ))}
          </ol>
        </nav>
      </section>

      {/* Said when loading starts and when it ends (not once per image): every page in, or how many failed. */}
      <p className="visually-hidden" role="status">
        {remaining > 0 || total === 0
          ? t('loading')
          : failed > 0
            ? t('someFailed', { count: failed })
            : t('allReady')}
      </p>

      {reading && (
        <PageReader
          images={images}
          startImage={index}
          onClose={(image) => {
            setReading(false);
            if (image !== index) {
              setDirection('none');
              setRequested(image);
            }
          }}
        />
      )}

      <div className="book-preview__actions">
        {notice}
        <button
          type="button"
          className="button button--primary button--large book-preview__next"
          onClick={onNext}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {nextLabel}
        </button>
      </div>
    </div>
  );
}
