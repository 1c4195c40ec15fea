CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"language" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"transport" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "questionnaire_responses" (
	"subscriber_id" text NOT NULL,
	"questionnaire_id" smallint NOT NULL,
	"question_id" smallint NOT NULL,
	"response_text" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "questionnaire_responses_subscriber_id_questionnaire_id_question_id_pk" PRIMARY KEY("subscriber_id","questionnaire_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"preferred_language" text NOT NULL,
	"confirm_token" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"confirmation_mail_at" timestamp with time zone,
	CONSTRAINT "subscribers_email_key_unique" UNIQUE("email_key"),
	CONSTRAINT "subscribers_confirm_token_unique" UNIQUE("confirm_token"),
	CONSTRAINT "subscribers_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_mail_unsent_idx" ON "outbox_mail" USING btree ("transport","sent_at");