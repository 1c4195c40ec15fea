import { useTranslation } from 'react-i18next';
import { pageLabel, pageShape } from './page-label.ts';

type PreviewImageStatus = 'waiting' | 'loading' | 'ready' | 'failed';

export interface PreviewImage {
  /** 'cover', 'dedication' or a spread 'page_1-2' … 'page_43-44'. */
  page: string;
  status: PreviewImageStatus;
  /** An object URL of the image once it is ready (the server's WebP, or the browser's SVG). */
  url?: string;
  /** The page's SVG document when the browser drew it: shown inline, vector at any zoom. */
  svg?: string;
  /** The browser's drawing of the words alone: laid inline over the thumbnail (`url`, the rest). */
  words?: string;
}

/** Which way the last page turn went: the page slides in from that side. */
export type Direction = 'forward' | 'back' | 'none';

export interface PreviewPageProps {
  image: PreviewImage;
  direction: Direction;
  onRetry(page: string): void;
  /** Opens the full-screen reader on this page. */
  onOpen(): void;
}

/** One page in the stage, framed at its own aspect ratio so nothing moves when the image arrives. */
export function PreviewPage({ image, direction, onRetry, onOpen }: PreviewPageProps) {
  const { t } = useTranslation('preview');
  const label = pageLabel(t, image.page);
  const shape = pageShape(image.page);
  const frame = `book-preview__page book-preview__page--${shape} book-preview__page--${direction}`;

  if (image.status === 'ready' && image.url) {
    return (
      // A tap on the picture opens the reader too; the button is the way for keyboards and screen readers.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
      <div className={frame} onClick={onOpen}>
        {image.svg ? (
          <PageSvg svg={image.svg} label={label} className="book-preview__svg" />
        ) : (
          <img
            src={image.url}
            alt={label}
            width={shape === 'spread' ? 1280 : 640}
            height={784}
            draggable={false}
            decoding="async"
          />
        )}
        <button
          type="button"
          className="book-preview__open"
          aria-label={t('reader.open', { page: label })}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
    );
  }
  if (image.status === 'failed') {
    return (
      <div className={`${frame} book-preview__page--failed`}>
        <WarningIcon />
        <p>{t('failed', { page: label })}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onRetry(image.page)}
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  return (
    <div className={`${frame} book-preview__page--loading`}>
      <span className="book-preview__spinner" aria-hidden="true" />
      <p>{t('loading')}</p>
    </div>
  );
}

/**
 * A page the browser drew, as inline SVG: the document's fonts (the book's WOFF2) set its <text>,
 * and it is drawn again at every size, so it stays sharp when zoomed. The SVG comes from book/'s
 * renderer, which escapes every user string (the name, the dedication) it writes.
 */
export function PageSvg({
  svg,
  label,
  className,
}: {
  svg: string;
  label: string;
  className: string;
}) {
  return (
    <div
      className={className}
      role="img"
      aria-label={label}
      data-page-svg=""
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

export function WarningIcon() {
  return (
    <svg
      className="book-preview__warning"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M12 3l10 18H2z"
        fill="#fde68a"
        stroke="#92400e"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path d="M12 9v5.5" stroke="#92400e" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="17.5" r="1.2" fill="#92400e" />
    </svg>
  );
}
