-- An erasure wins over the work queued before it (issue #44, item 1): a mail about an order names
-- the order, so an erasure deletes the mails of the orders it erases, and keeps only the unsent
-- mails of the orders it keeps to deliver. Null for other mails (newsletter, contact form).
ALTER TABLE "outbox_mail" ADD COLUMN "order_id" text;
