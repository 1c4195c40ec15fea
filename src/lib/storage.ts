// Session and local storage that never throws: a browser can block storage (privacy mode, a
// policy), fill it (quota) or not have it at all (the server rendering a page). Then nothing is
// read (null), a write is dropped and the app goes on with what it holds in memory.

interface SafeStorage {
  /** The stored value, or null when there is none or storage cannot be read. */
  get(key: string): string | null;
  /** Stores the value; false when storage refused it. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /** The stored keys; none when storage cannot be read. */
  keys(): string[];
}

type Area = 'session' | 'local';

function storageOf(area: Area): Storage | null {
  try {
    if (area === 'session') return typeof sessionStorage === 'undefined' ? null : sessionStorage;
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // reading the property itself throws when storage is disabled
  }
}

/** A safe view on session storage, local storage, or a given Storage (tests hand in a broken one). */
export function safeStorage(area: Area | Storage | null): SafeStorage {
  const resolve = () => (typeof area === 'string' ? storageOf(area) : area);
  return {
    get(key) {
      try {
        return resolve()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        const storage = resolve();
        storage?.setItem(key, value);
        return storage !== null;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        resolve()?.removeItem(key);
      } catch {
        // nothing stored that could be read, nothing to remove
      }
    },
    keys() {
      try {
        const storage = resolve();
        if (!storage) return [];
        return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
          (key): key is string => key !== null,
        );
      } catch {
        return [];
      }
    },
  };
}

/** Session storage: the draft of a book, the book language, checkout data of the open order. */
export const session: SafeStorage = safeStorage('session');
/** Local storage: the cookie choice, the newsletter flags. */
export const local: SafeStorage = safeStorage('local');
