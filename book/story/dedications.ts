// The dedications a parent can pick on the dedication step (and edit), in the three book languages:
// templates of template.ts ({name.voc}, {Mīļo|Mīļā}, {signature} …). Kept apart from the story
// (text-*.ts) because the builder's first step needs them (a suggestion follows the child's name
// and the family as they change) and the story's pages only the preview's drawing chunk does.

import type { BookFamily } from '#book/family.ts';
import type { BookLanguage } from '#book/types.ts';
import { renderTemplate, templateContext, type StoryChild } from './template.ts';

type Three = [string, string, string];

export const DEDICATIONS: Record<
  BookLanguage,
  {
    dedications: Three;
    /** The dedications of a book with one grown-up (I, my, me). */
    soloDedications: Three;
  }
> = {
  lv: {
    dedications: [
      '{Mīļo|Mīļā} {name.voc}!\nŠī grāmata ir tev – {mūsu drosmīgajam futbolistam|mūsu drosmīgajai futbolistei}.\nGan uzvarot, gan zaudējot – mēs ar tevi lepojamies katru dienu.\nNekad neaizmirsti: tu to vari!\nAr mīlestību –\n{signature}',
      '{name.dat} – {labākajam spēlētājam|labākajai spēlētājai} mūsu komandā, mūsu ģimenē.\nMēģini vēlreiz, smaidi\nun nekad nepadodies!\nMīlam tevi,\n{signature}',
      '{Mūsu brīnišķīgajam|Mūsu brīnišķīgajai} {name.dat}.\nKatra garām aizlidojusī bumba ir solis pretī nākamajiem vārtiem.\nLai kas notiktu, mēs vienmēr būsim laukuma malā\nun jutīsim tev līdzi.\nMīlam tevi no visas sirds,\n{signature}',
    ],
    soloDedications: [
      '{Mīļo|Mīļā} {name.voc}!\nŠī grāmata ir tev – {manam drosmīgajam futbolistam|manai drosmīgajai futbolistei}.\nGan uzvarot, gan zaudējot – es ar tevi lepojos katru dienu.\nNekad neaizmirsti: tu to vari!\nAr mīlestību –\n{signature}',
      '{name.dat} – {labākajam spēlētājam|labākajai spēlētājai} mūsu komandā, mūsu ģimenē.\nMēģini vēlreiz, smaidi\nun nekad nepadodies!\nMīlu tevi,\n{signature}',
      '{Manam brīnišķīgajam|Manai brīnišķīgajai} {name.dat}.\nKatra garām aizlidojusī bumba ir solis pretī nākamajiem vārtiem.\nLai kas notiktu, es vienmēr būšu laukuma malā\nun jutīšu tev līdzi.\nMīlu tevi no visas sirds,\n{signature}',
    ],
  },
  'en-gb': {
    dedications: [
      'Dear {name},\nthis book is for you, our brave footballer.\nWin or lose, we are proud of you every single day.\nNever forget: you can do it.\nWith all our love,\n{signature}',
      'For {name},\nthe best player in our team – our family.\nKeep trying, keep smiling\nand keep on kicking!\nLove you always,\n{signature}',
      'To our wonderful {name},\nevery miss is a step towards the next goal.\nWhatever happens, we will always be cheering\nfor you on the sideline.\nLove you to the moon and back,\n{signature}',
    ],
    soloDedications: [
      'Dear {name},\nthis book is for you, my brave footballer.\nWin or lose, I am proud of you every single day.\nNever forget: you can do it.\nWith all my love,\n{signature}',
      'For {name},\nthe best player in our team – our family.\nKeep trying, keep smiling\nand keep on kicking!\nLove you always,\n{signature}',
      'To my wonderful {name},\nevery miss is a step towards the next goal.\nWhatever happens, I will always be cheering\nfor you on the sideline.\nLove you to the moon and back,\n{signature}',
    ],
  },
  'en-us': {
    dedications: [
      'Dear {name},\nthis book is for you, our brave soccer star.\nWin or lose, we are proud of you every single day.\nNever forget: you can do it.\nWith all our love,\n{signature}',
      'For {name},\nthe best player on our team—our family.\nKeep trying, keep smiling\nand keep on kicking!\nLove you always,\n{signature}',
      'To our wonderful {name},\nevery miss is a step toward the next goal.\nWhatever happens, we will always be cheering\nfor you on the sideline.\nLove you to the moon and back,\n{signature}',
    ],
    soloDedications: [
      'Dear {name},\nthis book is for you, my brave soccer star.\nWin or lose, I am proud of you every single day.\nNever forget: you can do it.\nWith all my love,\n{signature}',
      'For {name},\nthe best player on our team—our family.\nKeep trying, keep smiling\nand keep on kicking!\nLove you always,\n{signature}',
      'To my wonderful {name},\nevery miss is a step toward the next goal.\nWhatever happens, I will always be cheering\nfor you on the sideline.\nLove you to the moon and back,\n{signature}',
    ],
  },
};

/**
 * Three dedications a parent can pick and edit; lines separated by '\n', at most 10 lines each.
 * Signed by the grown-ups as the child calls them ("mamma un tētis", "Mum"), or with
 * `signWith: 'names'` by their names where given ("Ilze un Jānis").
 */
export function dedicationSuggestions(
  language: BookLanguage,
  child: StoryChild,
  family?: BookFamily,
  options: { signWith?: 'words' | 'names' } = {},
): Three {
  const texts = (DEDICATIONS as Partial<Record<string, (typeof DEDICATIONS)[BookLanguage]>>)[
    language
  ];
  if (!texts) throw new RangeError(`Unknown book language: ${language}`);
  const ctx = templateContext(language, child, { family, ...options });
  const [a, b, c] = ctx.family.solo ? texts.soloDedications : texts.dedications;
  return [renderTemplate(a, ctx), renderTemplate(b, ctx), renderTemplate(c, ctx)];
}
