-- Per-book truth (issues #43 item 4 and #44 finding 2): what was refunded or cancelled, book by
-- book, reaches the printer and the first edition (server/services/refunds/returned-books.ts).
-- When a print file first left the shop for the printer (the print zip, a download in the back
-- office): a book refunded after that alerts the owner.
ALTER TABLE "print_files" ADD COLUMN "handed_on_at" timestamp with time zone;--> statement-breakpoint
-- A first-edition number whose book was refunded after its files were handed on: kept by that
-- book (a copy with the number may exist), never given again, not counted as sold.
ALTER TABLE "first_edition_numbers" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
-- The books of a refund whose print files had left the shop when it succeeded, with when: the
-- owner was alerted, and the back office says so on the book's card.
ALTER TABLE "refunds" ADD COLUMN "handed_on" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Numbers are only for printed books that are kept. A digital PDF alone never had a printed copy:
-- its number goes back to the edition.
UPDATE "first_edition_numbers" f
  SET "order_item_id" = NULL, "order_id" = NULL, "assigned_at" = NULL
  FROM "placed_orders" p
  JOIN "order_snapshots" s ON s."id" = p."snapshot_id"
  WHERE p."order_id" = f."order_id"
    AND EXISTS (
      SELECT 1 FROM jsonb_array_elements(s."items") AS item
      WHERE item->>'itemId' = f."order_item_id" AND item->>'coverType' = 'digital'
    );--> statement-breakpoint
-- Books refunded (or whose order was cancelled) before today: retired when their order had
-- reached production (their files were with the printer), else given back.
UPDATE "first_edition_numbers" f
  SET "retired_at" = now()
  WHERE f."order_item_id" IS NOT NULL
    AND (
      EXISTS (
        SELECT 1 FROM "refunds" r
        WHERE r."order_id" = f."order_id" AND r."status" = 'succeeded'
          AND r."item_ids" @> jsonb_build_array(f."order_item_id")
      )
      OR EXISTS (SELECT 1 FROM "orders" o WHERE o."id" = f."order_id" AND o."status" = 'cancelled')
    )
    AND EXISTS (
      SELECT 1 FROM "order_status_history" h
      WHERE h."order_id" = f."order_id" AND h."to_status" IN ('in_production', 'shipped', 'delivered')
    );--> statement-breakpoint
UPDATE "first_edition_numbers" f
  SET "order_item_id" = NULL, "order_id" = NULL, "assigned_at" = NULL
  WHERE f."order_item_id" IS NOT NULL AND f."retired_at" IS NULL
    AND (
      EXISTS (
        SELECT 1 FROM "refunds" r
        WHERE r."order_id" = f."order_id" AND r."status" = 'succeeded'
          AND r."item_ids" @> jsonb_build_array(f."order_item_id")
      )
      OR EXISTS (SELECT 1 FROM "orders" o WHERE o."id" = f."order_id" AND o."status" = 'cancelled')
    );--> statement-breakpoint
-- A refunded or cancelled book has no print files: they are deleted, and the parcel's files of an
-- order with a refund that has not shipped are made again from the books that are kept (the
-- parcel-files job; none when no printed book is kept).
DELETE FROM "print_files" pf
  WHERE pf."item_id" NOT LIKE 'order:%'
    AND (
      EXISTS (
        SELECT 1 FROM "refunds" r
        WHERE r."order_id" = pf."order_id" AND r."status" = 'succeeded'
          AND r."item_ids" @> jsonb_build_array(pf."item_id")
      )
      OR EXISTS (SELECT 1 FROM "orders" o WHERE o."id" = pf."order_id" AND o."status" = 'cancelled')
    );--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "dedupe_key")
  SELECT DISTINCT 'parcel-files', jsonb_build_object('orderId', pf."order_id"), 'parcel-files:' || pf."order_id" || ':0021'
  FROM "print_files" pf
  JOIN "orders" o ON o."id" = pf."order_id"
  WHERE pf."item_id" LIKE 'order:%'
    AND NOT EXISTS (
      SELECT 1 FROM "order_status_history" h
      WHERE h."order_id" = o."id" AND h."to_status" = 'shipped'
    )
    AND (
      o."status" = 'cancelled'
      OR EXISTS (SELECT 1 FROM "refunds" r WHERE r."order_id" = o."id" AND r."status" = 'succeeded')
    )
  ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
DELETE FROM "print_files" pf
  USING "orders" o
  WHERE o."id" = pf."order_id" AND pf."item_id" LIKE 'order:%'
    AND NOT EXISTS (
      SELECT 1 FROM "order_status_history" h
      WHERE h."order_id" = o."id" AND h."to_status" = 'shipped'
    )
    AND (
      o."status" = 'cancelled'
      OR EXISTS (SELECT 1 FROM "refunds" r WHERE r."order_id" = o."id" AND r."status" = 'succeeded')
    );
--> statement-breakpoint
-- A refunded PDF is not kept either: its download answers 410 from now on.
DELETE FROM "digital_editions" d
  WHERE EXISTS (
      SELECT 1 FROM "refunds" r
      WHERE r."order_id" = d."order_id" AND r."status" = 'succeeded'
        AND r."item_ids" @> jsonb_build_array(d."item_id")
    )
    OR EXISTS (SELECT 1 FROM "orders" o WHERE o."id" = d."order_id" AND o."status" = 'cancelled');
