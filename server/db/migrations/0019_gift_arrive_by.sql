-- 'Choose when it arrives' for a gift (issue #36 item 1): the day the buyer wants the gift to arrive
-- by (contract/arrival.ts), kept beside the gift in the delivery details and in the snapshot paid
-- for; null when the gift goes as soon as it can. Staff print and dispatch it by the dates the
-- delivery estimate rule counts back from it.
ALTER TABLE "delivery_details" ADD COLUMN "gift_arrive_by" date;--> statement-breakpoint
ALTER TABLE "order_snapshots" ADD COLUMN "gift_arrive_by" date;
