import { LRUCache } from 'lru-cache';

// A bounded map of computed answers, least recently used first out (lru-cache). Each entry carries
// the stamp it is valid for (a PGlite write generation or a PostgreSQL cart version); callers serve
// an entry only when its stamp is still current.

export const ANSWER_CACHE_ENTRIES = 10_000;

export class AnswerCache<V extends NonNullable<unknown>> extends LRUCache<string, V> {
  constructor(maxEntries = ANSWER_CACHE_ENTRIES) {
    super({ max: maxEntries });
  }
}
