// FAQ data and search. The items come from the `faq` namespace (returnObjects); anything that is
// not an array is rejected so the page can log it and render nothing (SPEC section 8).

export interface FaqItem {
  /** Stable, URL-safe id used for element ids. */
  id: string;
  question: string;
  /** May contain inline markup: <contact>…</contact>, <privacy>…</privacy>. */
  answer: string;
}

const TAG = /<\/?[a-z]+>/g;

/** The answer as a reader sees it: inline markup removed. */
function plainText(text: string): string {
  return text.replace(TAG, '');
}

function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Reads FAQ items from translation data. Returns null when the data is not an array; entries
 * without a string question and answer are skipped.
 */
export function readFaqItems(data: unknown): FaqItem[] | null {
  if (!Array.isArray(data)) return null;
  const items: FaqItem[] = [];
  data.forEach((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null) return;
    const { id, question, answer } = entry as Record<string, unknown>;
    if (typeof question !== 'string' || typeof answer !== 'string') return;
    const safeId = typeof id === 'string' ? slug(id) : '';
    items.push({ id: safeId === '' ? `item-${index + 1}` : safeId, question, answer });
  });
  return items;
}

/** Case-insensitive substring match on the question or the answer text; a blank query keeps all. */
export function filterFaq(items: readonly FaqItem[], query: string): FaqItem[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...items];
  return items.filter(
    (item) =>
      item.question.toLocaleLowerCase().includes(needle) ||
      plainText(item.answer).toLocaleLowerCase().includes(needle),
  );
}
