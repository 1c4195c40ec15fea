import * as v from 'valibot';
import { toLanguage, type Language } from './markets.ts';

/** A `country={language}` query parameter: one of the three interface languages. */
export const LanguageParamSchema = v.pipe(
  v.string('Language is required.'),
  v.check((value) => toLanguage(value) !== undefined, 'Unknown language: use lv, en-GB or en-US.'),
  v.transform((value) => toLanguage(value) as Language),
);
