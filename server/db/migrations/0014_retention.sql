-- Personal data kept only as long as needed (issue 31): when an order's contact details, names
-- and dedications were anonymised (by the retention job or on an erasure request); null while
-- they are kept. The retention job looks only at orders not yet anonymised.
ALTER TABLE "orders" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
-- The erasure and export look up an address case-insensitively in the delivery details and the
-- snapshots paid for.
CREATE INDEX "delivery_details_email_key_idx" ON "delivery_details" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "order_snapshots_email_key_idx" ON "order_snapshots" USING btree (lower("email"));
