import { previewRequestOf, type PersonalizationDraft } from '#machines/purchase-draft.ts';
import { api } from '#src/lib/api.ts';
import type { Language } from '#src/lib/languages.ts';

/**
 * POST /api/preview/generateImage (or generateDedicationImage): draws one page and answers an
 * object URL of the WebP. The preview queue machine asks for the pages one by one, so this is an
 * effect of the machine, not a query.
 */
export async function fetchPreviewImage(
  page: string,
  draft: PersonalizationDraft,
  language: Language,
  /** false from a browser that draws its own pages: the server draws no pages ahead of it. */
  readAhead = true,
): Promise<string> {
  const request = previewRequestOf(draft, language);
  const headers = readAhead ? undefined : { 'X-Preview-Read-Ahead': 'off' };
  const blob =
    page === 'dedication'
      ? await api('/preview/generateDedicationImage', {
          method: 'POST',
          body: { ...request, page, dedication: draft.dedication ?? '' },
          responseType: 'blob',
          headers,
        })
      : await api('/preview/generateImage', {
          method: 'POST',
          body: { ...request, page },
          responseType: 'blob',
          headers,
        });
  return URL.createObjectURL(blob);
}
