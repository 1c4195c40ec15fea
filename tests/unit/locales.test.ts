import { describe, expect, it } from 'vitest';
import { RESOURCES } from './i18n-test.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Dotted keys of a namespace, plural suffixes folded so 'x_one' and 'x_zero' both count as 'x'. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keysOf(item, `${prefix}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) =>
      keysOf(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix.replace(PLURAL, '')];
}

function emptyValues(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [prefix] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => emptyValues(item, `${prefix}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => emptyValues(v, `${prefix}.${k}`));
  return [];
}

const LANGUAGES = ['lv', 'en-GB', 'en-US'];

describe('locale files', () => {
  it('exist for all three languages with the same namespaces', () => {
    expect(Object.keys(RESOURCES).sort()).toEqual([...LANGUAGES].sort());
    const namespaces = Object.keys(RESOURCES['en-GB']!).sort();
    expect(namespaces).toContain('common');
    for (const language of LANGUAGES)
      expect(Object.keys(RESOURCES[language]!).sort()).toEqual(namespaces);
  });

  for (const namespace of Object.keys(RESOURCES['en-GB'] ?? {})) {
    it(`${namespace}: identical keys in lv, en-GB and en-US, and no empty values`, () => {
      const reference = new Set(keysOf(RESOURCES['en-GB']![namespace]));
      for (const language of LANGUAGES) {
        const data = RESOURCES[language]![namespace];
        const keys = new Set(keysOf(data));
        expect(
          [...reference].filter((k) => !keys.has(k)),
          `${language} is missing`,
        ).toEqual([]);
        expect(
          [...keys].filter((k) => !reference.has(k)),
          `${language} has extra`,
        ).toEqual([]);
        expect(emptyValues(data), `${language} has empty values`).toEqual([]);
      }
    });
  }

  it('Latvian copy uses Latvian letters (not a transliteration)', () => {
    const text = JSON.stringify(RESOURCES['lv']);
    expect(text).toMatch(/[āčēģīķļņšūž]/);
  });
});
