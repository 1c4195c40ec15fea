import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { pageLabel, pageShape } from './page-label.ts';
import { WarningIcon, type PreviewImage } from './preview-page.tsx';

export interface PreviewThumbnailProps {
  image: PreviewImage;
  index: number;
  /** The page on the stage. */
  current: boolean;
  /** Whether to show the picture of a page that is in (false in the screen's first frame). */
  picture: boolean;
  /** Shows page `index` on the stage (the same function on every render). */
  onSelect(index: number): void;
}

/**
 * One page in the strip under the stage. A page the browser drew is its picture as an image (the
 * page without its words) with the words laid over it as inline SVG, so they are set in the book's
 * own fonts (an SVG image cannot use the page's web fonts). Kept as it is while other pages arrive
 * (memo: the queue keeps an unchanged page's image object), so a new page renders one thumbnail.
 */
export const PreviewThumbnail = memo(function PreviewThumbnail({
  image,
  index,
  current,
  picture,
  onSelect,
}: PreviewThumbnailProps) {
  const { t } = useTranslation('preview');
  const state =
    image.status === 'ready' && image.url
      ? 'ready'
      : image.status === 'failed'
        ? 'failed'
        : 'loading';
  const label = pageLabel(t, image.page);
  return (
    <li>
      <button
        type="button"
        className={`book-preview__thumb book-preview__thumb--${pageShape(image.page)} book-preview__thumb--${state}`}
        aria-label={
          state === 'ready'
            ? label
            : `${label} (${t(state === 'failed' ? 'thumbFailed' : 'thumbLoading')})`
        }
        aria-current={current ? 'true' : undefined}
        // One tab stop for the strip; the arrow keys move along it.
        tabIndex={current ? 0 : -1}
        onClick={() => onSelect(index)}
      >
        {state === 'ready' ? (
          picture && (
            <>
              <img src={image.url} alt="" draggable={false} loading="lazy" decoding="async" />
              {image.words && (
                // The words of book/'s renderer, which escapes every user string it writes.
                <span
                  className="book-preview__thumb-words"
                  aria-hidden="true"
                  dangerouslySetInnerHTML={{ __html: image.words }}
                />
              )}
            </>
          )
        ) : state === 'failed' ? (
          <WarningIcon />
        ) : null}
      </button>
    </li>
  );
});
