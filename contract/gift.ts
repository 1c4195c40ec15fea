import * as v from 'valibot';
import { undrawableInTextFace } from './text-face.ts';

/**
 * 'This is a gift' at checkout (issue #36 item 1): the book goes to another name and address (the
 * recipient, checked by the checkout's own address schema: contract/checkout.ts), the buyer's
 * details stay the billing ones, and a message of up to GIFT_MESSAGE_MAX characters is printed on
 * a card in the parcel (an A6 print file of its own). The packing slip of a gift shows no prices.
 *
 * In the delivery payload: `gift: { recipient: Address, message: string }` (omitted or null when the
 * order is not a gift). Field errors: `gift.recipient.<field>` as for any address, `gift.message`.
 */

/** Characters a gift message may have (counted as the reader sees them: code points). */
export const GIFT_MESSAGE_MAX = 300;
/** Lines a gift message may have (the card is A6: more would not be legible). */
export const GIFT_MESSAGE_MAX_LINES = 12;

export const GIFT_FIELD_MESSAGES = {
  messageTooLong: `A gift message has at most ${GIFT_MESSAGE_MAX} characters.`,
  messageLines: `A gift message has at most ${GIFT_MESSAGE_MAX_LINES} lines.`,
  /** The start of the message that names the characters (giftGlyphsMessage). */
  messageGlyphs: 'The gift card cannot print these characters:',
} as const;

/**
 * The card is printed in the book's text face (Andika: Latin and Cyrillic letters, no Greek in
 * full, no CJK, Arabic or emoji: contract/text-face.ts), which draws anything else as empty
 * boxes; a message with such characters is refused, naming them, as a child's name is.
 */
export function giftGlyphsMessage(characters: readonly string[]): string {
  return `${GIFT_FIELD_MESSAGES.messageGlyphs} ${characters.join(' ')}. Please write the message without them.`;
}

/** The characters of a gift message the card cannot print (each once, as typed). */
export function giftMessageUnprintable(text: string): string[] {
  return undrawableInTextFace(text);
}

/** How many characters the message counts (the checkout's counter shows the same number). */
export function giftMessageLength(text: string): number {
  return [...text].length;
}

/**
 * The message as printed: line breaks made `\n`, spaces and tabs inside a line made one space,
 * each line trimmed, at most one blank line in a row, blank lines around trimmed. Characters the
 * API refuses (contract/text.ts) never get this far; this only tidies what a person typed.
 */
export function cleanGiftMessage(text: string): string {
  return (
    text
      // Letters and their accents composed (a + combining macron is 'ā', which the card's face has).
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- vertical tab and form feed are line breaks here
      .replace(/\r\n?|[\u000B\u000C\u0085\u2028\u2029]/g, '\n')
      .split('\n')
      .map((line) => line.replace(/[\t ]+/g, ' ').trim())
      .join('\n')
      // At most one blank line between paragraphs.
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/**
 * A gift message: cleaned, up to GIFT_MESSAGE_MAX characters and GIFT_MESSAGE_MAX_LINES lines, only
 * characters the card's face draws; '' allowed.
 */
export const GiftMessageSchema = v.pipe(
  v.optional(v.nullable(v.string('The gift message must be text.')), ''),
  v.transform((text) => cleanGiftMessage(text ?? '')),
  v.check(
    (text) => giftMessageLength(text) <= GIFT_MESSAGE_MAX,
    GIFT_FIELD_MESSAGES.messageTooLong,
  ),
  v.check(
    (text) => text.split('\n').length <= GIFT_MESSAGE_MAX_LINES,
    GIFT_FIELD_MESSAGES.messageLines,
  ),
  v.check(
    (text) => giftMessageUnprintable(text).length === 0,
    (issue) => giftGlyphsMessage(giftMessageUnprintable(String(issue.input))),
  ),
);

/** The message's lines as the card prints them (paragraphs; a blank line is a gap). */
export function giftMessageParagraphs(message: string): string[] {
  return cleanGiftMessage(message)
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/\n/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * GET /api/order/{orderId}/gift?key=… (the key is in the buyer's own links: the gift mail) ->
 * 200 GiftView; 404 `{ error }` without the key, with another, or when the order is no paid gift.
 * The client shows the country by its code in its own language (countryName is the English one).
 */
export interface GiftView {
  recipient: {
    firstName: string;
    lastName: string;
    address1: string;
    address2: string;
    city: string;
    zip: string;
    province: string;
    countryCode: string;
    countryName: string;
    /**
     * The name and address in the country's order (contract/postal-address.ts), without
     * the country: the page names it in its language.
     */
    lines: string[];
  };
  message: string;
  /** The day the buyer chose for it to arrive by ('YYYY-MM-DD'); null: as soon as it can. */
  arriveBy: string | null;
}
