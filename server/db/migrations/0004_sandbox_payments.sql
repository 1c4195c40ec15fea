CREATE TABLE "sandbox_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"customer_url" text NOT NULL,
	"locale" text NOT NULL,
	"state" text DEFAULT 'initial' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
