import * as v from 'valibot';

/** SPEC section 5: non-space characters, an at-sign, non-space characters, a dot, non-space characters. */
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
/** The longest address SMTP can carry (RFC 5321 path limit). */
const EMAIL_MAX_LENGTH = 254;
const EMAIL_MESSAGE = 'Please enter a valid email address.';

/**
 * Characters that would turn one address into a list or a header trick once it reaches a mail
 * header (`a@b.lv,c@d.lv`, `"x" <y@z.lv>`), and control characters. No real mailbox uses them.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_ADDRESS = /[,;<>()[\]"\\\u0000-\u001f\u007f]/;

/** True when `text` is an address the forms and the server accept (after trimming). */
export function isValidEmail(text: string): boolean {
  const email = text.trim();
  return (
    email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) && !UNSAFE_IN_ADDRESS.test(email)
  );
}

/** A required e-mail address, trimmed. */
export const EmailSchema = v.pipe(
  v.string(EMAIL_MESSAGE),
  v.trim(),
  v.nonEmpty(EMAIL_MESSAGE),
  v.maxLength(EMAIL_MAX_LENGTH, `An email address has at most ${EMAIL_MAX_LENGTH} characters.`),
  v.check(isValidEmail, EMAIL_MESSAGE),
);

/** The key an address is found by: trimmed, in lower case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
