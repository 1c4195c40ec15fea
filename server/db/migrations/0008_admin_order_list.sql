ALTER TABLE "placed_orders" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "placed_orders" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Made by hand in 0006 already (the same definition); now part of the schema.
CREATE INDEX IF NOT EXISTS "placed_orders_paid_at_idx" ON "placed_orders" USING btree ("paid_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "placed_orders_status_paid_at_idx" ON "placed_orders" USING btree ("status","paid_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
-- Written by hand: the back office's order list reads placed_orders alone. A placed order takes
-- its order's status and, lower-cased, its number, the e-mail and the children's names of the
-- snapshot paid for (frozen, so set once: on insert, or if the snapshot or number is replaced).
CREATE OR REPLACE FUNCTION placed_orders_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.status INTO NEW.status FROM orders o WHERE o.id = NEW.order_id;
  SELECT lower(concat_ws(E'\n', NEW.order_number, s.email,
           (SELECT string_agg(item->>'childName', E'\n') FROM jsonb_array_elements(s.items) AS item)))
    INTO NEW.search FROM order_snapshots s WHERE s.id = NEW.snapshot_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER placed_orders_fill BEFORE INSERT OR UPDATE OF snapshot_id, order_number ON placed_orders
  FOR EACH ROW EXECUTE FUNCTION placed_orders_fill();
--> statement-breakpoint
-- Every status change of an order is copied to its placed order (if it has one).
CREATE OR REPLACE FUNCTION placed_orders_copy_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE placed_orders SET status = NEW.status WHERE order_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_status_to_placed_orders AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION placed_orders_copy_status();
--> statement-breakpoint
-- The placed orders there are: filled by the trigger above.
UPDATE placed_orders SET snapshot_id = snapshot_id;
