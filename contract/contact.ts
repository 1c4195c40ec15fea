import * as v from 'valibot';
import { EmailSchema } from './email.ts';
import { LanguageParamSchema } from './language-param.ts';

const CONTACT_NAME_MAX_LENGTH = 100;
const CONTACT_MESSAGE_MAX_LENGTH = 5000;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * POST /api/contact. Fields are trimmed. `website` is a honeypot the form hides from people: when a
 * robot fills it the server answers as if all went well and keeps nothing.
 */
export const ContactRequestSchema = v.object({
  from_name: v.pipe(
    v.string('Name is required.'),
    v.trim(),
    v.nonEmpty('Name is required.'),
    v.maxLength(
      CONTACT_NAME_MAX_LENGTH,
      `A name has at most ${CONTACT_NAME_MAX_LENGTH} characters.`,
    ),
    v.check((name) => !CONTROL_CHARACTERS.test(name), 'A name is one line of text.'),
  ),
  email: EmailSchema,
  message: v.pipe(
    v.string('Message is required.'),
    v.trim(),
    v.nonEmpty('Message is required.'),
    v.maxLength(
      CONTACT_MESSAGE_MAX_LENGTH,
      `A message has at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
    ),
  ),
  website: v.optional(v.string()),
  /** The interface language the visitor writes from, so the shop can answer in it. */
  language: v.optional(LanguageParamSchema),
});
export type ContactRequest = v.InferInput<typeof ContactRequestSchema>;
