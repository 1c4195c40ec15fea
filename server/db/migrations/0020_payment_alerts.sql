CREATE TABLE "payment_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"payment_reference" text,
	"refund_id" integer,
	"amount_minor" integer,
	"currency_code" text,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_payment_reference_payments_reference_fk" FOREIGN KEY ("payment_reference") REFERENCES "public"."payments"("reference") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_alerts_open_idx" ON "payment_alerts" USING btree ("subject") WHERE resolved_at is null;