// A bounded map of computed answers, least recently used first out. Each entry carries the stamp
// it is valid for (a PGlite write generation or a PostgreSQL cart version); callers serve an entry
// only when its stamp is still current.

export const ANSWER_CACHE_ENTRIES = 10_000;

export class AnswerCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly maxEntries = ANSWER_CACHE_ENTRIES) {}

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
