import { previewRequestOf, type PersonalizationDraft } from '#machines/purchase-draft.ts';
import { api } from '../../../lib/api.ts';
import type { Language } from '../../../lib/languages.ts';

/**
 * POST /api/preview/generateImage (or generateDedicationImage): draws one page and answers an
 * object URL of the WebP. The preview queue machine asks for the pages one by one, so this is an
 * effect of the machine, not a query.
 */
export async function fetchPreviewImage(page: string, draft: PersonalizationDraft, language: Language): Promise<string> {
  const request = previewRequestOf(draft, language);
  const blob =
    page === 'dedication'
      ? await api('/preview/generateDedicationImage', {
          method: 'POST',
          body: { ...request, page, dedication: draft.dedication ?? '' },
          responseType: 'blob',
        })
      : await api('/preview/generateImage', { method: 'POST', body: { ...request, page }, responseType: 'blob' });
  return URL.createObjectURL(blob);
}
