// Plain constants of the orders API, no valibot: the builder's first step reads them (a stored
// draft's cover, the save payload's product) without the orders API's schemas (contract/orders.ts,
// which re-exports them).

export const PRODUCT_ID = 1;
/** Book formats that can be ordered (layflat is by contact); 'digital' is the PDF alone (contract/digital.ts). */
export const ORDERABLE_COVERS = ['hardcover', 'softcover', 'digital'] as const;
export type OrderableCover = (typeof ORDERABLE_COVERS)[number];
