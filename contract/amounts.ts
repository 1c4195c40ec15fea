import * as v from 'valibot';
import { toAmount } from './markets.ts';

/**
 * The public API's money (SPEC.md sections 3 and 7): amounts are numbers in the currency's major
 * unit with at most 2 decimals (`"total": 34.99`), under the seed's names (`price`, `subtotal`,
 * `deliveryCost`, `discount`, `total`, `unitPrice`) and ours beside them (`withPdfPrice`,
 * `refunded`, `kept`, `priceFrom`, `layflatFrom`). Inside, the server computes and stores integer
 * minor units under the same name with `Minor` added (`totalMinor`); `toWireAmounts` is the one
 * place where one becomes the other, on the way out of a public route. The back office's API
 * (contract/admin*.ts) keeps minor units: it is ours alone (docs/api.md).
 */
export const AMOUNT_KEYS = [
  'price',
  'subtotal',
  'deliveryCost',
  'discount',
  'total',
  'unitPrice',
  'withPdfPrice',
  'refunded',
  'kept',
  'priceFrom',
  'layflatFrom',
] as const;
type AmountKey = (typeof AMOUNT_KEYS)[number];
const MINOR_KEYS = new Map<string, string>(AMOUNT_KEYS.map((key) => [`${key}Minor`, key]));

/** An answer as the server computes it: each amount `x` of the wire as integer minor units, `xMinor`. */
export type InMinorUnits<T> = T extends readonly (infer U)[]
  ? InMinorUnits<U>[]
  : T extends object
    ? { [K in keyof T as K extends AmountKey ? `${K}Minor` : K]: InMinorUnits<T[K]> }
    : T;

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const wire = MINOR_KEYS.get(key);
      if (wire !== undefined && typeof inner === 'number') return [wire, toAmount(inner)];
      return [key, convert(inner)];
    }),
  );
}

/** The server's answer (amounts in minor units, `…Minor`) -> the wire's (`toAmount`, seed names). */
export function toWireAmounts<T>(answer: InMinorUnits<T>): T {
  return convert(answer) as T;
}

/** An amount on the wire: the currency's major unit, at most 2 decimals (34.99). */
export const AmountSchema = v.pipe(
  v.number(),
  v.minValue(0),
  v.description("An amount in the currency's major unit with at most 2 decimals, e.g. 34.99."),
);
