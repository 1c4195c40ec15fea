import type { PersonalizationDraft } from '#machines/purchase-draft.ts';
import { session } from './storage.ts';

/**
 * A sibling's book (issue #33): the cart keeps the draft it starts from (the grown-ups of a book
 * in the cart, a blank child) under this session key; the /personalizeTest entry takes it once.
 */
const SIBLING_DRAFT_KEY = 'siblingDraft';

export function keepSiblingDraft(draft: PersonalizationDraft): void {
  session.set(SIBLING_DRAFT_KEY, JSON.stringify(draft));
}

/** The kept sibling draft as stored (parse it with parseDraft), removed from storage; null when none. */
export function takeSiblingDraft(): string | null {
  const stored = session.get(SIBLING_DRAFT_KEY);
  if (stored !== null) session.remove(SIBLING_DRAFT_KEY);
  return stored;
}
