import { describe, expect, it } from 'vitest';
import { escapeXml } from '#book/escape.ts';
import { englishPossessive, englishPronouns } from '#book/grammar/english.ts';
import { declineLatvianName } from '#book/grammar/latvian.ts';
import { MAX_NAME_LENGTH, normalizeChildName, validateChildName } from '#book/grammar/name.ts';
import { renderTemplate, templateContext } from '#book/story/template.ts';

const cases = (name: string, gender: 'boy' | 'girl') => {
  const f = declineLatvianName(name, gender);
  return [f.nom, f.gen, f.dat, f.acc, f.loc, f.voc];
};

describe('declineLatvianName', () => {
  it('declines boys’ names in -s and -š (1st declension)', () => {
    expect(cases('Roberts', 'boy')).toEqual([
      'Roberts',
      'Roberta',
      'Robertam',
      'Robertu',
      'Robertā',
      'Robert',
    ]);
    expect(cases('Markuss', 'boy')).toEqual([
      'Markuss',
      'Markusa',
      'Markusam',
      'Markusu',
      'Markusā',
      'Markus',
    ]);
    expect(cases('Mārtiņš', 'boy')).toEqual([
      'Mārtiņš',
      'Mārtiņa',
      'Mārtiņam',
      'Mārtiņu',
      'Mārtiņā',
      'Mārtiņ',
    ]);
    expect(cases('Andrejs', 'boy')).toEqual([
      'Andrejs',
      'Andreja',
      'Andrejam',
      'Andreju',
      'Andrejā',
      'Andrej',
    ]);
  });

  it('declines boys’ names in -is with the consonant change in the genitive (2nd declension)', () => {
    expect(cases('Jānis', 'boy')).toEqual(['Jānis', 'Jāņa', 'Jānim', 'Jāni', 'Jānī', 'Jāni']);
    expect(cases('Kārlis', 'boy')).toEqual([
      'Kārlis',
      'Kārļa',
      'Kārlim',
      'Kārli',
      'Kārlī',
      'Kārli',
    ]);
    expect(declineLatvianName('Ansis', 'boy').gen).toBe('Anša');
    expect(declineLatvianName('Dāvis', 'boy').gen).toBe('Dāvja');
    expect(declineLatvianName('Miķelis', 'boy').gen).toBe('Miķeļa');
    expect(declineLatvianName('Juris', 'boy').gen).toBe('Jura');
  });

  it('keeps the consonant of two-syllable names in -tis and -dis', () => {
    expect(cases('Atis', 'boy')).toEqual(['Atis', 'Ata', 'Atim', 'Ati', 'Atī', 'Ati']);
    expect(declineLatvianName('Gatis', 'boy').gen).toBe('Gata');
    expect(declineLatvianName('Uldis', 'boy').gen).toBe('Ulda');
  });

  it('declines boys’ names in -us like tirgus (3rd declension)', () => {
    expect(cases('Mikus', 'boy')).toEqual(['Mikus', 'Mikus', 'Mikum', 'Miku', 'Mikū', 'Miku']);
  });

  it('declines names in -a and girls’ names in -e', () => {
    expect(cases('Anna', 'girl')).toEqual(['Anna', 'Annas', 'Annai', 'Annu', 'Annā', 'Anna']);
    expect(cases('Ķērsta', 'girl')).toEqual([
      'Ķērsta',
      'Ķērstas',
      'Ķērstai',
      'Ķērstu',
      'Ķērstā',
      'Ķērsta',
    ]);
    expect(cases('Marija', 'girl')).toEqual([
      'Marija',
      'Marijas',
      'Marijai',
      'Mariju',
      'Marijā',
      'Marija',
    ]);
    expect(cases('Līze', 'girl')).toEqual(['Līze', 'Līzes', 'Līzei', 'Līzi', 'Līzē', 'Līze']);
    expect(cases('Nikita', 'boy')).toEqual([
      'Nikita',
      'Nikitas',
      'Nikitam',
      'Nikitu',
      'Nikitā',
      'Nikita',
    ]);
  });

  it('returns the nominative everywhere for names that fit no pattern', () => {
    for (const [name, gender] of [
      ['Zoë', 'girl'],
      ["O'Neill", 'boy'],
      ['Hugo', 'boy'],
      ['Lukas', 'boy'],
      ['Agnes', 'girl'],
      ['Max', 'boy'],
      ['Wwwwwwwwwwwwwwwwwwwwwwww', 'boy'],
    ] as const) {
      const forms = declineLatvianName(name, gender);
      expect(forms.declined, name).toBe(false);
      expect(cases(name, gender), name).toEqual(Array(6).fill(name));
    }
  });

  it('declines every part of a double or hyphenated name, 20+ letters included', () => {
    const long = 'Aleksandrs Maksimiliāns';
    expect(long.length).toBeGreaterThanOrEqual(20);
    expect(cases(long, 'boy')).toEqual([
      long,
      'Aleksandra Maksimiliāna',
      'Aleksandram Maksimiliānam',
      'Aleksandru Maksimiliānu',
      'Aleksandrā Maksimiliānā',
      'Aleksandr Maksimiliān',
    ]);
    expect(declineLatvianName('Anna-Marija', 'girl').dat).toBe('Annai-Marijai');
    // One part that fits no pattern: the whole name stays as typed, never half-declined.
    expect(declineLatvianName('Anna Zoë', 'girl').gen).toBe('Anna Zoë');
  });

  it('keeps capitals as typed', () => {
    expect(declineLatvianName('JĀNIS', 'boy').gen).toBe('JĀŅA');
    expect(declineLatvianName('Jānis', 'boy').gen).toBe('Jāņa');
  });
});

describe('gender agreement', () => {
  const template =
    '{Viņš|Viņa} ir {gatavs|gatava}, {nobijies|nobijusies} tikai mazliet. {He|She} said {his|her} ball is with {him|her}.';
  it('chooses the boy’s and the girl’s forms', () => {
    expect(renderTemplate(template, templateContext('lv', { name: 'Jānis', gender: 'boy' }))).toBe(
      'Viņš ir gatavs, nobijies tikai mazliet. He said his ball is with him.',
    );
    expect(renderTemplate(template, templateContext('lv', { name: 'Anna', gender: 'girl' }))).toBe(
      'Viņa ir gatava, nobijusies tikai mazliet. She said her ball is with her.',
    );
  });

  it('gives English pronouns', () => {
    expect(englishPronouns('boy')).toEqual({
      he: 'he',
      him: 'him',
      his: 'his',
      himself: 'himself',
    });
    expect(englishPronouns('girl')).toEqual({
      he: 'she',
      him: 'her',
      his: 'her',
      himself: 'herself',
    });
  });
});

describe('englishPossessive', () => {
  it('adds ’s to every name, also after s', () => {
    expect(englishPossessive('Ella')).toBe('Ella’s');
    expect(englishPossessive('James')).toBe('James’s');
    expect(englishPossessive('Max')).toBe('Max’s');
    expect(englishPossessive('CHRIS')).toBe('CHRIS’S');
  });
});

describe('validateChildName', () => {
  it('allows at least 20 characters; the limit is 24', () => {
    expect(MAX_NAME_LENGTH).toBe(24);
    expect(validateChildName('W'.repeat(24))).toEqual({ ok: true, name: 'W'.repeat(24) });
    expect(validateChildName('W'.repeat(25))).toEqual({
      ok: false,
      reason: expect.stringContaining('24'),
    });
    expect(validateChildName('Anna-Marija Elizabete').ok).toBe(true);
  });

  it('trims, collapses spaces, composes accents and capitalises lower-case parts', () => {
    expect(validateChildName('  jānis   roberts ')).toEqual({ ok: true, name: 'Jānis Roberts' });
    expect(validateChildName('ja\u0304nis')).toEqual({ ok: true, name: 'Jānis' });
    expect(validateChildName('McKenzie')).toEqual({ ok: true, name: 'McKenzie' });
    expect(normalizeChildName('anna-marija')).toBe('Anna-Marija');
    // Length is counted after trimming and in characters, not UTF-16 units.
    expect(validateChildName(`  ${'Ž'.repeat(24)}  `).ok).toBe(true);
  });

  it('accepts letters of any script the book fonts can print, hyphens and apostrophes', () => {
    for (const name of [
      "O'Neill",
      'O’Brien',
      'Zoë',
      'Ķērsta',
      'Łucja',
      'Søren',
      'Jean-Luc',
      'Nguyễn',
      'Ştefan',
    ]) {
      expect(validateChildName(name), name).toEqual({ ok: true, name });
    }
  });

  it('refuses empty names, digits, symbols, markup and letters the fonts cannot print', () => {
    for (const name of ['', '   ', 'Anna2', '<b>Anna</b>', 'Anna & Jānis', 'Ella!', 'Tom_', '🙂']) {
      const result = validateChildName(name);
      expect(result.ok, name).toBe(false);
      if (!result.ok) expect(result.reason.length).toBeGreaterThan(5);
    }
    // Letters, but not in the book's fonts (the cover face has no Cyrillic, Greek or CJK).
    for (const name of ['Дмитрий', 'Σοφία', '李雷', 'سارا']) {
      expect(validateChildName(name), name).toEqual({
        ok: false,
        reason: expect.stringMatching(/cannot be printed/),
      });
    }
  });

  it('refuses separators at the ends or twice in a row', () => {
    for (const name of ['-Anna', 'Anna-', "'Tom", 'Anna--Marija', "O' Neill", 'Anna - Marija']) {
      expect(validateChildName(name).ok, name).toBe(false);
    }
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and drops characters XML forbids', () => {
    expect(escapeXml('<b>&amp;</b> "x" \'y\'')).toBe(
      '&lt;b&gt;&amp;amp;&lt;/b&gt; &quot;x&quot; &apos;y&apos;',
    );
    expect(escapeXml('a\u0000b\u001Fc\uFFFEd\uD800e')).toBe('abcde');
    expect(escapeXml('ā č 🙂')).toBe('ā č 🙂');
  });
});
