/** Stands for the number while the sentence is translated (a private-use character, never typed). */
const MARK = '\uE000';

/**
 * A translated sentence with the order number in it (`Order number: SM-2026-00042`), the number
 * kept on one line: a phone never breaks it at its hyphens (the text copied stays the plain number).
 */
export function WithOrderNumber({
  text,
  number,
}: {
  text: (number: string) => string;
  number: string;
}) {
  const [before = '', after = ''] = text(MARK).split(MARK);
  return (
    <>
      {before}
      <span className="order-number">{number}</span>
      {after}
    </>
  );
}
