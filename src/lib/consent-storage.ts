import { CONSENT_KEYS, type ConsentChoice } from '#machines/consent.ts';
import { CONSENT_STORAGE_KEY } from './consent-storage-key.ts';
import { safeStorage } from './storage.ts';

export { CONSENT_STORAGE_KEY };

/**
 * The stored choice, or null when there is none or it cannot be used (broken JSON, a missing key,
 * a value other than 'granted'/'denied', storage disabled): the banner then asks again.
 */
export function readConsent(storage: Storage | null = null): ConsentChoice | null {
  const raw = safeStorage(storage ?? 'local').get(CONSENT_STORAGE_KEY);
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const choice = {} as ConsentChoice;
  for (const key of CONSENT_KEYS) {
    const value = record[key];
    if (value !== 'granted' && value !== 'denied') return null;
    choice[key] = value;
  }
  return choice;
}

/** Stores the choice as JSON of the seven keys. A full or disabled storage keeps the choice for this visit only. */
export function writeConsent(consent: ConsentChoice, storage: Storage | null = null): void {
  const data = Object.fromEntries(CONSENT_KEYS.map((key) => [key, consent[key]]));
  // A full or disabled storage: the banner asks again on the next visit.
  safeStorage(storage ?? 'local').set(CONSENT_STORAGE_KEY, JSON.stringify(data));
}
