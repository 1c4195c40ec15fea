import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonalizationDraft } from '#machines/purchase-draft.ts';
import type { Language } from '#src/lib/languages.ts';
import {
  browserCanDraw,
  drawingHere,
  pageRequestOf,
} from '#src/features/builder/preview-drawer.ts';
import { PageSvg } from '#src/features/builder/preview-screen/preview-page.tsx';

type Drawing = Awaited<ReturnType<typeof drawingHere>>;

/**
 * The dedication page as the book prints it, drawn in this browser (#34) from the same renderer
 * as the preview and the print file, again in the same render as every change of the words: the
 * parent sees the lines break and sit on the page while writing. The page's scene is drawn once;
 * a change lays out the words only (about a millisecond), so it is drawn here, in the page's own
 * thread: a worker's round trip took longer than the drawing. Nothing where this browser cannot
 * draw (it would otherwise ask the server for an image a keystroke) or the words cannot be drawn
 * here (the step's note says why they cannot be printed).
 */
export function DedicationPage({
  draft,
  language,
}: {
  draft: PersonalizationDraft;
  language: Language;
}) {
  const { t } = useTranslation('builder');
  // The frame is there from the first render, so nothing moves when the page arrives; a browser
  // that cannot draw takes it away after the first render.
  const [drawing, setDrawing] = useState<Drawing | 'waiting' | 'none'>('waiting');
  useEffect(() => {
    if (!browserCanDraw()) {
      setDrawing('none');
      return;
    }
    let live = true;
    drawingHere().then(
      (chunk) => live && setDrawing(chunk),
      () => live && setDrawing('none'),
    );
    return () => {
      live = false;
    };
  }, []);
  const svg = useMemo(() => {
    if (typeof drawing === 'string') return null;
    try {
      return drawing.drawPage(pageRequestOf('dedication', draft, language)).svg;
    } catch {
      return null;
    }
  }, [drawing, draft, language]);

  if (drawing === 'none' || (drawing !== 'waiting' && svg === null)) return null;
  return (
    <figure className="dedication__page">
      <figcaption className="dedication__page-caption">{t('dedication.page.caption')}</figcaption>
      {svg ? (
        <PageSvg svg={svg} label={t('dedication.page.label')} className="dedication__page-svg" />
      ) : (
        <div className="dedication__page-svg dedication__page-svg--waiting" aria-hidden="true" />
      )}
    </figure>
  );
}
