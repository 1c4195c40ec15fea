CREATE TABLE "print_handoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"partner" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'submitting' NOT NULL,
	"partner_reference" text,
	"partner_status" text,
	"last_error" text,
	"tracking_number" text,
	"tracking_url" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"submit_started_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_print_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"books" jsonb,
	"tracking_number" text,
	"tracking_url" text,
	"ship_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_handoffs" ADD CONSTRAINT "print_handoffs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_handoffs_order_idx" ON "print_handoffs" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_handoffs_key_idx" ON "print_handoffs" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "print_handoffs_state_idx" ON "print_handoffs" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_print_jobs_key_idx" ON "sandbox_print_jobs" USING btree ("idempotency_key");