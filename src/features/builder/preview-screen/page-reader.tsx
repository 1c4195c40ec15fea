import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { pageLabel } from './page-label.ts';
import { PageSvg, type PreviewImage } from './preview-page.tsx';
import { firstViewOf, pageBox, readerViews, type PageBox } from './reader-views.ts';
import { usePinchAndSwipe } from './use-pinch-and-swipe.ts';
import { Chevron } from '#src/ui/chevron.tsx';

interface PageReaderProps {
  images: PreviewImage[];
  /** The image the parent tapped. */
  startImage: number;
  /** Closes the reader on the image last shown (the preview follows to it). */
  onClose(image: number): void;
}

const MAX_ZOOM = 4;

function usePortrait(): boolean {
  const query = '(orientation: portrait)';
  const [portrait, setPortrait] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setPortrait(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return portrait;
}

/**
 * The full-screen reader of the preview (a modal dialog: focus stays inside and returns to the
 * page the parent tapped). Portrait: one page of a spread at a time, at a size where the story
 * text is at least 12 CSS px; landscape: the whole spread. Pinch or the zoom buttons zoom,
 * double-tap (or double-click) toggles a closer look, a swipe or the arrows turn the page (a swipe
 * on a zoomed page pans it until its edge), Escape or the close button closes.
 */
export function PageReader({ images, startImage, onClose }: PageReaderProps) {
  const { t } = useTranslation('preview');
  const portrait = usePortrait();
  const views = readerViews(
    images.map((image) => image.page),
    portrait,
  );
  const [viewIndex, setViewIndex] = useState(() => firstViewOf(views, startImage));
  const index = Math.min(viewIndex, views.length - 1);
  const view = views[index];
  const image = view ? images[view.image] : undefined;
  const [zoom, setZoom] = useState(1);
  const dialog = useRef<HTMLDialogElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });

  // The view's image index survives a turn of the phone: the same page stays open.
  const lastImage = useRef(startImage);
  if (view && view.image !== lastImage.current) lastImage.current = view.image;
  const [wasPortrait, setWasPortrait] = useState(portrait);
  if (wasPortrait !== portrait) {
    setWasPortrait(portrait);
    setViewIndex(firstViewOf(views, lastImage.current));
  }

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal?.();
    return () => {
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  const box: PageBox | null =
    view && size.width > 0
      ? pageBox(
          view,
          view.half === null && !portrait && image?.page.startsWith('page_') === true,
          size,
        )
      : null;

  // A new page opens at zoom 1, centred across and from its top.
  useLayoutEffect(() => {
    setZoom(1);
  }, [index, portrait]);
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
    element.scrollTop = 0;
  }, [index, portrait, box?.width]);

  const turn = (step: number) =>
    setViewIndex((now) => Math.min(Math.max(now + step, 0), views.length - 1));
  const zoomTo = (next: number, around?: { x: number; y: number }) => {
    const element = viewport.current;
    const clamped = Math.min(Math.max(next, box?.fitZoom ?? 1), MAX_ZOOM);
    if (!element) return setZoom(clamped);
    // Keep the point under the finger (or the centre) where it is.
    const rect = element.getBoundingClientRect();
    const x = (around?.x ?? rect.left + rect.width / 2) - rect.left;
    const y = (around?.y ?? rect.top + rect.height / 2) - rect.top;
    const ratio = clamped / zoom;
    const left = (element.scrollLeft + x) * ratio - x;
    const top = (element.scrollTop + y) * ratio - y;
    setZoom(clamped);
    requestAnimationFrame(() => {
      element.scrollLeft = left;
      element.scrollTop = top;
    });
  };
  const toggleZoom = (point?: { x: number; y: number }) => zoomTo(zoom > 1.01 ? 1 : 2, point);

  usePinchAndSwipe(viewport, {
    zoom,
    onZoom: (next, point) => zoomTo(next, point),
    onSwipe: (direction) => turn(direction === 'left' ? 1 : -1),
    onDoubleTap: (point) => toggleZoom(point),
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Tab') {
      // Focus goes round the reader's controls (a modal dialog would let it out to the browser).
      const controls = [
        ...(dialog.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []),
      ];
      const [first, last] = [controls[0], controls[controls.length - 1]];
      if (event.shiftKey && document.activeElement === first) last?.focus();
      else if (!event.shiftKey && document.activeElement === last) first?.focus();
      else return;
      event.preventDefault();
      return;
    }
    const actions: Record<string, () => void> = {
      ArrowRight: () => turn(1),
      ArrowLeft: () => turn(-1),
      '+': () => zoomTo(zoom * 1.5),
      '=': () => zoomTo(zoom * 1.5),
      '-': () => zoomTo(zoom / 1.5),
      '0': () => zoomTo(1),
      Escape: () => onClose(lastImage.current),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose(lastImage.current);
  };
  const onDoubleClick = (event: MouseEvent) => toggleZoom({ x: event.clientX, y: event.clientY });

  const spreadLabel = image ? pageLabel(t, image.page) : '';
  const label = view?.pageNumber
    ? t('reader.page', { number: view.pageNumber, spread: spreadLabel })
    : spreadLabel;
  const ready = image?.status === 'ready' && image.url;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog's keys: arrows, zoom, Escape
    <dialog
      ref={dialog}
      className="page-reader"
      aria-labelledby="page-reader-title"
      onKeyDown={onKeyDown}
      onCancel={onCancel}
    >
      <div className="page-reader__bar">
        <h2 id="page-reader-title" className="page-reader__title">
          {t('reader.title')}
        </h2>
        <p className="page-reader__position" aria-live="polite" aria-atomic="true">
          {t('reader.position', { page: label, current: index + 1, total: views.length })}
        </p>
        <div className="page-reader__tools">
          <button
            type="button"
            className="page-reader__tool"
            onClick={() => zoomTo(zoom / 1.5)}
            disabled={zoom <= (box?.fitZoom ?? 1) + 0.001}
            aria-label={t('reader.zoomOut')}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
          <button
            type="button"
            className="page-reader__tool"
            onClick={() => zoomTo(zoom * 1.5)}
            disabled={zoom >= MAX_ZOOM}
            aria-label={t('reader.zoomIn')}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M5 12h14M12 5v14"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
          <button
            type="button"
            className="page-reader__tool page-reader__close"
            onClick={() => onClose(lastImage.current)}
            aria-label={t('reader.close')}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
      </div>
      {/* Double-click zooms for a mouse; the keyboard has + and - (and the buttons). */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div ref={viewport} className="page-reader__viewport" onDoubleClick={onDoubleClick}>
        {box && image && (
          <div
            className="page-reader__page"
            style={{ width: box.width * zoom, height: box.height * zoom }}
            data-zoom={zoom.toFixed(2)}
          >
            {image.status === 'ready' && image.svg ? (
              <PageSvg
                svg={image.svg}
                label={label}
                className={`page-reader__image page-reader__svg${view?.half ? ` page-reader__image--${view.half}` : ''}`}
              />
            ) : ready ? (
              <img
                src={image.url}
                alt={label}
                draggable={false}
                className={`page-reader__image${view?.half ? ` page-reader__image--${view.half}` : ''}`}
              />
            ) : (
              <p className="page-reader__message">
                {image.status === 'failed' ? t('failed') : t('loading')}
              </p>
            )}
          </div>
        )}
      </div>
      <button
        type="button"
        className="page-reader__turn page-reader__turn--previous"
        onClick={() => turn(-1)}
        disabled={index === 0}
        aria-label={t('previous')}
      >
        <Chevron direction="back" size={28} />
      </button>
      <button
        type="button"
        className="page-reader__turn page-reader__turn--next"
        onClick={() => turn(1)}
        disabled={index >= views.length - 1}
        aria-label={t('nextPage')}
      >
        <Chevron direction="forward" size={28} />
      </button>
    </dialog>
  );
}
