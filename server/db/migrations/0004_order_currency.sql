-- An order's currency is its own: fixed from the shop language it was made in.
ALTER TABLE "orders" ADD COLUMN "currency_code" text;--> statement-breakpoint
UPDATE "orders" SET "currency_code" = CASE "language" WHEN 'lv' THEN 'EUR' WHEN 'en-US' THEN 'USD' ELSE 'GBP' END;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "currency_code" SET NOT NULL;
