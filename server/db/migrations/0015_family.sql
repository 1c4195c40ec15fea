ALTER TABLE "order_items" ADD COLUMN "family" text;
