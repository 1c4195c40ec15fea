-- Written by hand: every change to an order's cart version (its books, its coupon, its delivery
-- details: the triggers of 0005) is announced on the channel cart_changed with the order's id, at
-- commit. A PGlite server (one process, server/db/write-generation.ts) listens, so an answer
-- computed from one order's cart stays current through writes to other orders.
CREATE OR REPLACE FUNCTION notify_cart_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('cart_changed', OLD.order_id);
  ELSE
    PERFORM pg_notify('cart_changed', NEW.order_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cart_versions_notify AFTER INSERT OR UPDATE OR DELETE ON cart_versions
  FOR EACH ROW EXECUTE FUNCTION notify_cart_changed();
