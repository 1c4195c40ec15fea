import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from './fixtures.ts';

type Common = {
  meta: { siteName: string; pages: Record<string, { title: string; description: string }> };
  [key: string]: unknown;
};

/** A namespace of the locale files the app ships, in one language. */
export function texts<T>(language: Language, namespace: string): T {
  return JSON.parse(
    readFileSync(path.join('src/locales', language, `${namespace}.json`), 'utf8'),
  ) as T;
}

/** The common namespace of a language. */
export function common(language: Language): Common {
  return texts<Common>(language, 'common');
}

export function pageTitle(language: Language, page: string): string {
  const c = common(language);
  return `${c.meta.pages[page]!.title} - ${c.meta.siteName}`;
}

/** Reads a dotted key of the common namespace. */
export function text(language: Language, key: string): string {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      common(language),
    ) as string;
}
