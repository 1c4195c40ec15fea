import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  firstEditionNumbers,
  orderSnapshots,
  orderStatusHistory,
  payments,
  placedOrders,
  printFiles,
  type SnapshotItem,
  type StoredAddress,
} from '#server/db/schema/checkout.ts';
import { orders } from '#server/db/schema/shop.ts';

const id = () => randomBytes(18).toString('base64url');

export const ADDRESS: StoredAddress = {
  firstName: 'Līga',
  lastName: 'Bērziņa',
  address1: 'Brīvības iela 1',
  address2: '',
  city: 'Rīga',
  zip: 'LV-1010',
  countryId: 19,
  province: '',
  phone: '+37120000000',
};

const CHILD = JSON.stringify({
  hair: 'kid_hair_boy_03_BR',
  eyes: 'kid_eyes_GR',
  skin: 'kid_skin_2',
  tshirt: 'kid_tshirt_1',
  shorts: 'kid_shorts_2',
  lashes: null,
  accessories: ['kid_acc_freckles'],
});
const PARENT = JSON.stringify({
  hair: 'dad_hair_01_BC',
  eyes: 'dad_eyes_BR',
  skin: 'dad_skin_2D',
  accessories: [],
});

export interface PaidOrderInput {
  orderNumber: string;
  email?: string;
  children?: string[];
  status?: string;
  paidAt?: Date;
  currencyCode?: string;
  language?: string;
  editionNumbers?: boolean;
  /** Who is in every book (contract/family.ts FamilyAnswer); absent: a snapshot from before families. */
  family?: SnapshotItem['family'];
}

/**
 * A paid order as the checkout leaves it (order, snapshot, paid payment, placed order, status
 * history), written straight into its tables. Answers the order id and its items' ids.
 */
export async function insertPaidOrder(
  database: Database,
  input: PaidOrderInput,
): Promise<{ orderId: string; itemIds: string[] }> {
  const db = database.db;
  const orderId = id();
  const snapshotId = id();
  const reference = id();
  const children = input.children ?? ['Anna'];
  const items: SnapshotItem[] = children.map((childName) => ({
    itemId: id(),
    productId: 1,
    title: 'You can do it',
    language: input.language ?? 'en-GB',
    childName,
    childGender: 'Boy',
    childPersonalization: CHILD,
    dadPersonalization: PARENT,
    mumPersonalization: PARENT.replace(/dad_/g, 'mum_')
      .replace('mum_hair_01_BC', 'mum_hair_02_BL')
      .replace('mum_skin_2D', 'mum_skin_2M'),
    dadName: 'Jānis',
    mumName: 'Ilze',
    ...(input.family ? { family: input.family } : {}),
    dedication: `For ${childName},\nwith love.`,
    coverType: 'hardcover',
    unitPriceMinor: 2999,
  }));
  const subtotal = items.length * 2999;
  const paidAt = input.paidAt ?? new Date();
  const status = input.status ?? 'paid';
  await db.transaction(async (tx) => {
    await tx.insert(orders).values({
      id: orderId,
      language: input.language ?? 'en-GB',
      currencyCode: input.currencyCode ?? 'GBP',
      status,
      createRequestId: id(),
      createdAt: paidAt,
    });
    await tx.insert(orderSnapshots).values({
      id: snapshotId,
      orderId,
      fingerprint: id(),
      language: input.language ?? 'en-GB',
      currencyCode: input.currencyCode ?? 'GBP',
      items,
      couponCode: null,
      subtotalMinor: subtotal,
      discountMinor: 0,
      deliveryMinor: 500,
      totalMinor: subtotal + 500,
      countryId: 19,
      deliveryDays: 10,
      email: input.email ?? `${children[0]!.toLowerCase()}@example.com`,
      phone: '+37120000000',
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
    });
    await tx.insert(payments).values({
      reference,
      orderId,
      snapshotId,
      provider: 'sandbox',
      providerReference: reference,
      amountMinor: subtotal + 500,
      currencyCode: input.currencyCode ?? 'GBP',
      status: 'paid',
      providerState: 'settled',
      settledAt: paidAt,
    });
    await tx.insert(placedOrders).values({
      orderId,
      orderNumber: input.orderNumber,
      snapshotId,
      paymentReference: reference,
      paidAt,
    });
    await tx.insert(orderStatusHistory).values([
      {
        orderId,
        fromStatus: 'cart',
        toStatus: 'awaiting_payment',
        actor: 'customer',
        createdAt: paidAt,
      },
      {
        orderId,
        fromStatus: 'awaiting_payment',
        toStatus: 'paid',
        actor: 'provider:sandbox',
        createdAt: paidAt,
      },
    ]);
    if (input.editionNumbers) {
      for (const item of items) {
        await tx.execute(
          sql`update ${firstEditionNumbers} set order_item_id = ${item.itemId}, order_id = ${orderId}, assigned_at = ${paidAt} where number = (select min(number) from ${firstEditionNumbers} where order_item_id is null)`,
        );
      }
    }
  });
  return { orderId, itemIds: items.map((item) => item.itemId) };
}

/** Stores print files (small stand-in PDFs) for an item, as the checkout's print job would. */
export async function insertPrintFiles(
  database: Database,
  orderId: string,
  itemId: string,
): Promise<Record<'interior' | 'endpapers' | 'cover', Buffer>> {
  const [edition] = await database.db
    .select()
    .from(firstEditionNumbers)
    .where(eq(firstEditionNumbers.orderItemId, itemId));
  const files = {
    interior: Buffer.from(`%PDF-1.7\n% interior of ${itemId}\n%%EOF\n`),
    endpapers: Buffer.from(`%PDF-1.7\n% endpapers of ${itemId}\n%%EOF\n`),
    cover: Buffer.from(`%PDF-1.7\n% cover of ${itemId}\n%%EOF\n`),
  };
  for (const kind of ['interior', 'endpapers', 'cover'] as const) {
    await database.db.insert(printFiles).values({
      orderId,
      itemId,
      kind,
      bytes: files[kind],
      byteSize: files[kind].length,
      sha256: createHash('sha256').update(files[kind]).digest('hex'),
      editionNumber: edition?.number ?? null,
    });
  }
  return files;
}
