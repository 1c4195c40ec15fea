CREATE TABLE "cart_versions" (
	"order_id" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_snapshots" ADD COLUMN "cart_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_versions" ADD CONSTRAINT "cart_versions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_cart_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_order text;
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    changed_order := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    changed_order := OLD.order_id;
  ELSE
    changed_order := NEW.order_id;
  END IF;
  INSERT INTO cart_versions (order_id, version) VALUES (changed_order, 1)
    ON CONFLICT (order_id) DO UPDATE SET version = cart_versions.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_bump_cart_version AFTER INSERT OR UPDATE OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION bump_cart_version();
--> statement-breakpoint
CREATE TRIGGER orders_coupon_bump_cart_version AFTER UPDATE OF coupon_code ON orders
  FOR EACH ROW WHEN (OLD.coupon_code IS DISTINCT FROM NEW.coupon_code) EXECUTE FUNCTION bump_cart_version();
--> statement-breakpoint
CREATE TRIGGER delivery_details_bump_cart_version AFTER INSERT OR UPDATE ON delivery_details
  FOR EACH ROW EXECUTE FUNCTION bump_cart_version();
