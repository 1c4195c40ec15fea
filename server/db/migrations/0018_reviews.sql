-- Reviews from real buyers (issue #36.3): the buyer's consent to be asked (checkout), when the
-- order became reviewable (delivered, or its PDF downloaded), when the one request mail was queued,
-- and the reviews themselves, one per order, moderated in the back office.
ALTER TABLE "orders" ADD COLUMN "review_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reviewable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_request_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"language" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"first_name" text,
	"city" text,
	"photo" "bytea",
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "reviews_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_status_language_idx" ON "reviews" USING btree ("status","language","decided_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_review_due_idx" ON "orders" USING btree ("id") WHERE "review_consent" AND "review_request_sent_at" IS NULL;
