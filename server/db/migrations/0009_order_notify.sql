-- Written by hand: every change to an order's cart version (its books, its coupon, its delivery
-- details: the triggers of 0005), to its status, and to its placed row is announced on the channel
-- order_changed with the order's id, at commit. A PGlite server (one process,
-- server/db/write-generation.ts) listens, so an answer computed from one order stays current
-- through writes to other orders.
CREATE OR REPLACE FUNCTION notify_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    PERFORM pg_notify('order_changed', NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('order_changed', OLD.order_id);
  ELSE
    PERFORM pg_notify('order_changed', NEW.order_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cart_versions_notify AFTER INSERT OR UPDATE OR DELETE ON cart_versions
  FOR EACH ROW EXECUTE FUNCTION notify_order_changed();
--> statement-breakpoint
CREATE TRIGGER orders_status_notify AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_order_changed();
--> statement-breakpoint
CREATE TRIGGER placed_orders_notify AFTER INSERT OR UPDATE OR DELETE ON placed_orders
  FOR EACH ROW EXECUTE FUNCTION notify_order_changed();
