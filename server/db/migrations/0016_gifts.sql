-- Gift options at checkout (issue #36 item 1): a gift's recipient is the order's shipping address
-- (its name and address, checked as every address); the buyer's stays the billing one. The flag and
-- the card's message live beside the addresses, in the delivery details and in the snapshot paid for.
ALTER TABLE "delivery_details" ADD COLUMN "is_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD COLUMN "gift_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_snapshots" ADD COLUMN "is_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_snapshots" ADD COLUMN "gift_message" text DEFAULT '' NOT NULL;
