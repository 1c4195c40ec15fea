import { eq, inArray } from 'drizzle-orm';
import {
  addressOf,
  CHECKOUT_FIELD_MESSAGES,
  type Address,
  type DeliveryDetails,
  type DeliveryPayload,
} from '#contract/checkout.ts';
import { arrivalProblem } from '#contract/arrival.ts';
import { isPrinted } from '#contract/digital.ts';
import { UNPAID_STATUSES } from '#contract/order-status.ts';
import { deliveryEstimateDays } from '#contract/shop.ts';
import type { Db } from '#server/db/client.ts';
import { deliveryDetails, type StoredAddress } from '#server/db/schema/checkout.ts';
import { countries, orderItems, orders } from '#server/db/schema/shop.ts';

/** Why delivery details were refused. */
type SaveDeliveryResult =
  | { ok: true; details: DeliveryDetails }
  | { ok: false; reason: 'order-not-found' | 'order-placed' }
  | { ok: false; reason: 'invalid'; fields: Record<string, string[]> };

function stored(address: Address): StoredAddress {
  return addressOf(address);
}

/**
 * The schema checked the shapes; here the database's rules: the country must be one we deliver to
 * and a country that needs a province (by the country table) gets one.
 */
async function countryProblems(
  db: Db,
  addresses: Record<string, Address>,
): Promise<Record<string, string[]>> {
  const ids = [...new Set(Object.values(addresses).map((address) => address.countryId))];
  const rows = await db
    .select({ id: countries.id, needsProvince: countries.needsProvince })
    .from(countries)
    .where(inArray(countries.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string[]> = {};
  for (const [prefix, address] of Object.entries(addresses)) {
    const country = byId.get(address.countryId);
    if (!country) fields[`${prefix}.countryId`] = [CHECKOUT_FIELD_MESSAGES.countryNotDelivered];
    else if (country.needsProvince && address.province === '') {
      fields[`${prefix}.province`] = [CHECKOUT_FIELD_MESSAGES.province];
    }
  }
  return fields;
}

/**
 * The working days from payment to the recipient's door for this order's books (contract/shop.ts
 * deliveryEstimateDays, the one rule) and the country's own part of them; null when the country
 * is unknown (its own field error) or nothing is printed.
 */
export async function orderDeliveryDays(
  db: Db,
  orderId: string,
  countryId: number,
): Promise<{ estimate: number; country: number } | null> {
  const [country] = await db
    .select({ days: countries.deliveryTimeDays })
    .from(countries)
    .where(eq(countries.id, countryId));
  if (!country) return null;
  const items = await db
    .select({ coverType: orderItems.coverType })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const estimate = deliveryEstimateDays(
    country.days,
    items.map((item) => item.coverType),
  );
  return estimate === null ? null : { estimate, country: country.days };
}

/** A gift's arrival day, checked against the delivery estimate to the recipient from today. */
async function arrivalProblems(
  db: Db,
  orderId: string,
  gift: NonNullable<DeliveryPayload['gift']>,
  today: Date,
): Promise<Record<string, string[]>> {
  if (!gift.arriveBy) return {};
  const days = await orderDeliveryDays(db, orderId, gift.recipient.countryId);
  if (!days) return {};
  const problem = arrivalProblem(gift.arriveBy, today, days.estimate);
  return problem ? { 'gift.arriveBy': [problem] } : {};
}

/** POST /api/order/{orderId}/delivery-address: saves (replaces) the details of an unpaid order. */
export async function saveDeliveryDetails(
  db: Db,
  orderId: string,
  payload: DeliveryPayload,
  today = new Date(),
): Promise<SaveDeliveryResult> {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return { ok: false, reason: 'order-not-found' };
  const items = await db
    .select({ coverType: orderItems.coverType })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  // PDFs only (SPEC 'Checkout delivery'): billing details only, nothing is shipped, no gift.
  const pdfOnly = items.length > 0 && items.every((item) => !isPrinted(item.coverType));
  // The buyer's address: billing (and, unless a gift, also where the books go).
  const billing =
    payload.billingAddress && (!payload.isShippingDetailsEqualBilling || !payload.shippingAddress)
      ? payload.billingAddress
      : payload.shippingAddress!;
  const billingKey = billing === payload.billingAddress ? 'billingAddress' : 'shippingAddress';
  if (!pdfOnly && !payload.shippingAddress)
    return {
      ok: false,
      reason: 'invalid',
      fields: { shippingAddress: [CHECKOUT_FIELD_MESSAGES.shippingAddress] },
    };
  // A gift goes to its recipient; the buyer's details stay the billing ones (contract/gift.ts).
  const gift = pdfOnly ? null : (payload.gift ?? null);
  // A PDF-only order keeps its billing address as the stored shipping one (the country of supply).
  const buyer = pdfOnly ? billing : payload.shippingAddress!;
  const shipping = gift ? gift.recipient : buyer;
  const addresses: Record<string, Address> = pdfOnly
    ? { [billingKey]: billing }
    : gift
      ? { shippingAddress: buyer, 'gift.recipient': gift.recipient }
      : { shippingAddress: buyer };
  if (!pdfOnly && billing !== buyer) addresses.billingAddress = billing;
  const fields = {
    ...(await countryProblems(db, addresses)),
    ...(gift ? await arrivalProblems(db, orderId, gift, today) : {}),
  };
  if (Object.keys(fields).length > 0) return { ok: false, reason: 'invalid', fields };
  if (!(UNPAID_STATUSES as readonly string[]).includes(order.status))
    return { ok: false, reason: 'order-placed' };
  const same = pdfOnly || (!gift && billing === buyer);

  const row = {
    orderId,
    email: payload.contactInfo.email,
    phone: payload.contactInfo.phone,
    subscribe: payload.contactInfo.subscribe,
    shippingAddress: stored(shipping),
    billingAddress: stored(billing),
    sameAsShipping: same,
    isGift: gift !== null,
    giftMessage: gift?.message ?? '',
    giftArriveBy: gift?.arriveBy ?? null,
    updatedAt: new Date(),
  };
  await db
    .insert(deliveryDetails)
    .values(row)
    .onConflictDoUpdate({ target: deliveryDetails.orderId, set: row });
  return { ok: true, details: toDetails(row) };
}

function toDetails(row: typeof deliveryDetails.$inferSelect): DeliveryDetails {
  return {
    orderId: row.orderId,
    contactInfo: { email: row.email, phone: row.phone, subscribe: row.subscribe },
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    isShippingDetailsEqualBilling: row.sameAsShipping,
    gift: row.isGift
      ? { recipient: row.shippingAddress, message: row.giftMessage, arriveBy: row.giftArriveBy }
      : null,
  };
}

/** GET /api/delivery/{orderId}; undefined when the order has no saved details. */
export async function getDeliveryDetails(
  db: Db,
  orderId: string,
): Promise<DeliveryDetails | undefined> {
  const [row] = await db.select().from(deliveryDetails).where(eq(deliveryDetails.orderId, orderId));
  return row ? toDetails(row) : undefined;
}
