-- Issue #44. Item 5: an unpaid order is held by the browser that made it, proved by that
-- browser's cart key (an httpOnly cookie; server/routes/cart-access.ts), whose SHA-256 the order
-- keeps; null for an order made before, given to the first browser naming it in its order cookie.
ALTER TABLE "orders" ADD COLUMN "cart_key_hash" text;--> statement-breakpoint
-- Item 1: an erasure wins over the work queued before it. A mail about an order names the order,
-- so an erasure deletes the mails of the orders it erases and keeps only the unsent mails of the
-- orders it keeps to deliver. Null for other mails (newsletter, contact form).
ALTER TABLE "outbox_mail" ADD COLUMN "order_id" text;
