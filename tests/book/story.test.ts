import { describe, expect, it } from 'vitest';
import { SCENE_NOTES } from '#book/story/scenes.ts';
import {
  bookTitle,
  coverTitle,
  dedicationSuggestions,
  STORY_TEXT,
  storyText,
} from '#book/story/story-text.ts';
import { renderTemplate, templateContext } from '#book/story/template.ts';
import {
  BOOK_LANGUAGES,
  PAGE_IDS,
  SPREAD_IDS,
  type BookLanguage,
  type Gender,
} from '#book/types.ts';

const CHILDREN: Record<BookLanguage, { name: string; gender: Gender; forms: string[] }[]> = {
  lv: [
    { name: 'Jānis', gender: 'boy', forms: ['Jānis', 'Jāņa', 'Jānim', 'Jāni', 'Jānī'] },
    { name: 'Līze', gender: 'girl', forms: ['Līze', 'Līzes', 'Līzei', 'Līzi', 'Līzē'] },
  ],
  'en-gb': [
    { name: 'Oliver', gender: 'boy', forms: ['Oliver'] },
    { name: 'Amelia', gender: 'girl', forms: ['Amelia'] },
  ],
  'en-us': [
    { name: 'Liam', gender: 'boy', forms: ['Liam'] },
    { name: 'Olivia', gender: 'girl', forms: ['Olivia'] },
  ],
};

const words = (paragraphs: string[]) =>
  paragraphs
    .join(' ')
    .split(/\s+/)
    .filter((w) => /\p{L}|\p{N}/u.test(w));

describe('story text', () => {
  it('has 22 spreads after the cover and the dedication', () => {
    expect(SPREAD_IDS).toHaveLength(22);
    for (const language of BOOK_LANGUAGES) {
      expect(Object.keys(STORY_TEXT[language].spreads).sort()).toEqual([...SPREAD_IDS].sort());
    }
  });

  for (const language of BOOK_LANGUAGES) {
    for (const child of CHILDREN[language]) {
      it(`${language}, ${child.name}: every spread has 20-70 words, the name and no placeholder`, () => {
        let spreadsWithName = 0;
        for (const page of SPREAD_IDS) {
          const paragraphs = storyText(page, language, child);
          expect(paragraphs.length, page).toBeGreaterThan(0);
          const count = words(paragraphs).length;
          expect(count, `${page}: ${count} words`).toBeGreaterThanOrEqual(20);
          expect(count, `${page}: ${count} words`).toBeLessThanOrEqual(70);
          const text = paragraphs.join('\n');
          expect(text, page).not.toMatch(/[{}|]/);
          expect(text, page).not.toMatch(/ {2}|\s[,.!?]/);
          if (
            child.forms.some((form) =>
              new RegExp(`(^|[^\\p{L}])${form}([^\\p{L}]|$)`, 'u').test(text),
            )
          ) {
            spreadsWithName += 1;
          }
        }
        expect(spreadsWithName).toBe(22);
      });
    }
  }

  it('has no story text on the cover and the dedication page', () => {
    expect(storyText('cover', 'en-gb', { name: 'Ella', gender: 'girl' })).toEqual([]);
    expect(storyText('dedication', 'lv', { name: 'Ella', gender: 'girl' })).toEqual([]);
  });

  it('puts the Latvian name in the case the sentence needs', () => {
    const boy = { name: 'Jānis', gender: 'boy' as const };
    expect(storyText('page_21-22', 'lv', boy)[0]).toBe(
      'Pašās beigās bumba atripoja tieši pie Jāņa. Tur bija vārti. Tur bija iespēja.',
    );
    expect(storyText('page_29-30', 'lv', boy)[0]).toMatch(/^Mājās mamma parādīja Jānim paņēmienu/);
    expect(storyText('page_19-20', 'lv', boy)[1]).toContain('AIZIET, JĀNI!');
    expect(storyText('page_43-44', 'lv', { name: 'Kārlis', gender: 'boy' })[1]).toBe(
      'Jo sajūtas var nosaukt vārdā, pamanīt, izrunāt un izelpot. Un lai kas notiktu, Kārli, tu to vari.',
    );
    // A name Latvian does not decline stays as it is, and the sentence still reads.
    expect(storyText('page_21-22', 'lv', { name: 'Zoë', gender: 'girl' })[0]).toContain(
      'tieši pie Zoë.',
    );
  });

  it('agrees Latvian words with the child’s gender', () => {
    const boy = storyText('page_23-24', 'lv', { name: 'Roberts', gender: 'boy' }).join(' ');
    const girl = storyText('page_23-24', 'lv', { name: 'Anna', gender: 'girl' }).join(' ');
    expect(boy).toContain('Roberts sēdēja uz soliņa, galvu nodūris.');
    expect(boy).toContain('„Skumjas,” viņš teica.');
    // No colloquial 'Malacīte': the praise reads the same for boys and girls.
    expect(boy).toContain('„Tas ir ļoti labi, ka tu vari');
    expect(girl).toContain('Anna sēdēja uz soliņa, galvu nodūrusi.');
    expect(girl).toContain('„Skumjas,” viņa teica.');
    expect(girl).not.toMatch(/Malac/);
    expect(storyText('page_29-30', 'lv', { name: 'Anna', gender: 'girl' })[0]).toContain(
      'it kā izpūstu sveces',
    );
    expect(storyText('page_17-18', 'lv', { name: 'Roberts', gender: 'boy' })[1]).toContain(
      'Esmu mazliet satraucies',
    );
    expect(storyText('page_17-18', 'lv', { name: 'Anna', gender: 'girl' })[1]).toContain(
      'Esmu mazliet satraukusies',
    );
    expect(storyText('page_3-4', 'lv', { name: 'Anna', gender: 'girl' })[1]).toContain(
      'neesmu pietiekami laba.',
    );
    expect(storyText('page_3-4', 'lv', { name: 'Roberts', gender: 'boy' })[1]).toContain(
      'neesmu pietiekami labs.',
    );
  });

  it('uses he/his/him for a boy and she/her for a girl in English', () => {
    const boy = SPREAD_IDS.flatMap((p) =>
      storyText(p, 'en-gb', { name: 'Tom', gender: 'boy' }),
    ).join(' ');
    const girl = SPREAD_IDS.flatMap((p) =>
      storyText(p, 'en-gb', { name: 'Ella', gender: 'girl' }),
    ).join(' ');
    expect(boy).toMatch(/\bhe whispered\b/);
    expect(boy).toMatch(/\bhis teeth\b/);
    expect(boy).toMatch(/\binside him\b/);
    // Word by word, the two books differ only in the name and the child's pronouns.
    const boyWords = boy.split(/\s+/);
    const girlWords = girl.split(/\s+/);
    expect(boyWords.length).toBe(girlWords.length);
    const allowed = new Set([
      'he>she',
      'He>She',
      'him>her',
      'his>her',
      'His>Her',
      'Tom>Ella',
      'TOM>ELLA',
    ]);
    boyWords.forEach((word, index) => {
      const other = girlWords[index]!;
      if (word === other) return;
      const core = (w: string) => w.replace(/^[‘’“”(]+|[^\p{L}]+$/gu, '').replace(/’s$/, '');
      expect(allowed.has(`${core(word)}>${core(other)}`), `${word} / ${other}`).toBe(true);
    });
  });

  it('speaks British English in en-GB and American English in en-US', () => {
    const all = (language: BookLanguage) =>
      SPREAD_IDS.flatMap((p) => storyText(p, language, { name: 'Sam', gender: 'boy' })).join(' ');
    const gb = all('en-gb');
    const us = all('en-us');
    expect(gb).toMatch(/\bMum\b/);
    expect(gb).not.toMatch(/\bMom\b|\bsoccer\b|practicing|practiced/);
    expect(gb).toMatch(/practised|practising/);
    expect(us).toMatch(/\bMom\b/);
    expect(us).toMatch(/\bsoccer\b/);
    expect(us).not.toMatch(/\bMum\b|practis/);
  });

  it('writes the possessive of a name ending in s as James’s', () => {
    expect(storyText('page_13-14', 'en-gb', { name: 'James', gender: 'boy' })[1]).toBe(
      'Every day, James’s kicks got a tiny bit straighter and his feet got a tiny bit quicker.',
    );
    expect(storyText('page_29-30', 'en-us', { name: 'Ella', gender: 'girl' })[1]).toContain(
      'in Ella’s tummy',
    );
  });

  it('closes every quotation it opens', () => {
    for (const page of SPREAD_IDS) {
      for (const p of storyText(page, 'lv', { name: 'Anna', gender: 'girl' })) {
        expect(p.split('„').length, `${page}: ${p}`).toBe(p.split('”').length);
      }
      for (const p of storyText(page, 'en-us', { name: 'Anna', gender: 'girl' })) {
        expect(p.split('“').length, `${page}: ${p}`).toBe(p.split('”').length);
      }
      for (const p of storyText(page, 'en-gb', { name: 'Anna', gender: 'girl' })) {
        expect(p.split('‘').length, `${page}: ${p}`).toBeLessThanOrEqual(p.split('’').length);
      }
    }
  });

  it('capitalises a name typed in lower case and trims it', () => {
    expect(storyText('page_1-2', 'lv', { name: '  jānis ', gender: 'boy' })[0]).toMatch(
      /^Jānis dievināja futbolu\./,
    );
    expect(coverTitle('lv', { name: 'jānis', gender: 'boy' }).title).toBe('Tu to vari, Jāni!');
  });

  it('inserts a name with markup as plain text, once, without reading it as a template', () => {
    const paragraphs = storyText('page_1-2', 'en-gb', {
      name: '{he|she}<b>&amp;</b>',
      gender: 'boy',
    });
    expect(paragraphs[0]).toMatch(/^\{he\|she\}<b>&amp;<\/b> loved football\./);
  });
});

describe('cover, title and dedications', () => {
  it('shows the child’s name on the cover', () => {
    expect(coverTitle('en-gb', { name: 'Ella', gender: 'girl' })).toEqual({
      title: 'You Can Do It, Ella!',
      subtitle: 'A football story about feelings and trying again',
    });
    expect(coverTitle('en-us', { name: 'Ella', gender: 'girl' }).subtitle).toContain('soccer');
    expect(coverTitle('lv', { name: 'Roberts', gender: 'boy' }).title).toBe('Tu to vari, Robert!');
    expect(coverTitle('lv', { name: 'Anna', gender: 'girl' }).title).toBe('Tu to vari, Anna!');
  });

  it('names the book without a child', () => {
    expect(bookTitle('en-gb')).toBe('You Can Do It');
    expect(bookTitle('en-us')).toBe('You Can Do It');
    expect(bookTitle('lv')).toBe('Tu to vari');
  });

  for (const language of BOOK_LANGUAGES) {
    it(`${language}: offers three different dedications of at most 10 lines with the name`, () => {
      const suggestions = dedicationSuggestions(language, { name: 'Ella', gender: 'girl' });
      expect(suggestions).toHaveLength(3);
      expect(new Set(suggestions).size).toBe(3);
      for (const text of suggestions) {
        expect(text.split('\n').length).toBeLessThanOrEqual(10);
        expect(text).toContain('Ella');
        expect(text).not.toMatch(/[{}|]/);
      }
    });
  }

  it('declines and capitalises the name in the Latvian dedications', () => {
    const boy = dedicationSuggestions('lv', { name: 'jānis', gender: 'boy' });
    expect(boy[0].split('\n')[0]).toBe('Mīļo Jāni!');
    expect(boy[0]).toContain('mūsu drosmīgajam futbolistam');
    expect(boy[1]).toMatch(/^Jānim – labākajam spēlētājam/);
    expect(boy[2]).toMatch(/^Mūsu brīnišķīgajam Jānim\./);
    const girl = dedicationSuggestions('lv', { name: 'līze', gender: 'girl' });
    expect(girl[0].split('\n')[0]).toBe('Mīļā Līze!');
    expect(girl[0]).toContain('mūsu drosmīgajai futbolistei');
    expect(girl[1]).toMatch(/^Līzei – labākajai spēlētājai/);
    expect(girl[2]).toMatch(/^Mūsu brīnišķīgajai Līzei\./);
  });

  it('signs the English dedications as Mum and Dad, or Mom and Dad', () => {
    for (const text of dedicationSuggestions('en-gb', { name: 'Ella', gender: 'girl' }))
      expect(text).toMatch(/Mum and Dad$/);
    for (const text of dedicationSuggestions('en-us', { name: 'Ella', gender: 'girl' }))
      expect(text).toMatch(/Mom and Dad$/);
  });
});

describe('templates', () => {
  it('throws on a placeholder it does not know, so none can reach a page', () => {
    const ctx = templateContext('en-gb', { name: 'Ella', gender: 'girl' });
    expect(() => renderTemplate('Hello {nmae}', ctx)).toThrow(/nmae/);
    expect(renderTemplate('{He|She} waved at {name}.', ctx)).toBe('She waved at Ella.');
  });
});

describe('scene notes', () => {
  it('describe every page with a setting, an action and the characters in it', () => {
    for (const page of PAGE_IDS) {
      const note = SCENE_NOTES[page];
      expect(note, page).toBeDefined();
      expect(note!.setting.length, page).toBeGreaterThan(10);
      expect(note!.action.length, page).toBeGreaterThan(20);
      for (const role of note!.characters) expect(['child', 'dad', 'mum']).toContain(role);
    }
    expect(Object.keys(SCENE_NOTES).sort()).toEqual([...PAGE_IDS].sort());
    // The child is in every spread's picture.
    for (const page of SPREAD_IDS) expect(SCENE_NOTES[page]!.characters, page).toContain('child');
  });
});
