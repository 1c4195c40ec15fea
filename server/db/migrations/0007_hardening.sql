CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" text PRIMARY KEY NOT NULL,
	"subscriber_id" text NOT NULL,
	"preferred_language" text NOT NULL,
	"confirm_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signups_confirm_token_unique" UNIQUE("confirm_token")
);
--> statement-breakpoint
-- Every existing subscriber becomes its own first sign-up (same id and confirmation token), so the
-- SubscriberId a browser holds and the links already mailed keep working.
INSERT INTO "signups" ("id", "subscriber_id", "preferred_language", "confirm_token", "created_at")
SELECT "id", "id", "preferred_language", "confirm_token", "created_at" FROM "subscribers";--> statement-breakpoint
ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_confirm_token_unique";--> statement-breakpoint
ALTER TABLE "questionnaire_responses" DROP CONSTRAINT "questionnaire_responses_subscriber_id_subscribers_id_fk";
--> statement-breakpoint
-- An order's currency is its own: fixed from the shop language it was made in.
ALTER TABLE "orders" ADD COLUMN "currency_code" text;--> statement-breakpoint
UPDATE "orders" SET "currency_code" = CASE "language" WHEN 'lv' THEN 'EUR' WHEN 'en-US' THEN 'USD' ELSE 'GBP' END;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "currency_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signups_subscriber_idx" ON "signups" USING btree ("subscriber_id");--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_subscriber_id_signups_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" DROP COLUMN "confirm_token";