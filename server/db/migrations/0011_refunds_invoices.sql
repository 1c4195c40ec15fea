-- Written by hand (issue 30, items 4 and 5): refunds of paid orders, invoices and credit notes
-- with numbers from gapless counters, VAT rates per delivery country, the sandbox's refunds.
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"request_key" text NOT NULL,
	"payment_reference" text NOT NULL REFERENCES "payments"("reference"),
	"item_ids" jsonb NOT NULL,
	"delivery" boolean NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"reason" text NOT NULL,
	"cancel" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_state" text,
	"error" text,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "refunds_amount_positive" CHECK ("amount_minor" > 0)
);
--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","id");
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "invoice_counters" ("series", "last_number") VALUES ('invoice', 0), ('credit_note', 0);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"display_number" text NOT NULL,
	"refund_id" integer,
	"order_number" text NOT NULL,
	"payment_reference" text NOT NULL,
	"language" text NOT NULL,
	"currency_code" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"net_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_display_number_unique" UNIQUE("display_number"),
	CONSTRAINT "invoices_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "invoices_series_number_unique" UNIQUE("series","number")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_idx" ON "invoices" USING btree ("order_id") WHERE "kind" = 'invoice';
--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id","id");
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"country_id" integer PRIMARY KEY NOT NULL REFERENCES "countries"("id") ON DELETE cascade,
	"books_bp" integer NOT NULL,
	"delivery_bp" integer NOT NULL,
	"note" text NOT NULL
);
