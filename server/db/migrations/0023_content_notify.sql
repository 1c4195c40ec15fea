-- Written by hand: every change to what the public pages show of the reviews is announced on the
-- channel content_changed as 'reviews:<language>', at commit: a review inserted already approved,
-- any change to a review (its decision, its words) or its deletion (an erasure), and an order
-- whose review is shown changing between kept and not kept (cancelled or refunded in full: its
-- review is no verified purchase). Each server hears it (server/db/notifications.ts), so the
-- page cache's key for the reviews is known in memory and no page asks the database whether they
-- changed (server/services/reviews/reviews.ts, reviewsVersion). loadReferenceData announces
-- 'reference' on the same channel itself.
CREATE OR REPLACE FUNCTION notify_reviews_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    PERFORM pg_notify('content_changed', 'reviews:' || r.language) FROM reviews r WHERE r.order_id = NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('content_changed', 'reviews:' || OLD.language);
  ELSE
    PERFORM pg_notify('content_changed', 'reviews:' || NEW.language);
    IF TG_OP = 'UPDATE' AND OLD.language IS DISTINCT FROM NEW.language THEN
      PERFORM pg_notify('content_changed', 'reviews:' || OLD.language);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_insert_notify AFTER INSERT ON reviews
  FOR EACH ROW WHEN (NEW.status = 'approved') EXECUTE FUNCTION notify_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_change_notify AFTER UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION notify_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER orders_kept_notify AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN ((OLD.status IN ('cancelled', 'refunded')) IS DISTINCT FROM (NEW.status IN ('cancelled', 'refunded')))
  EXECUTE FUNCTION notify_reviews_changed();
