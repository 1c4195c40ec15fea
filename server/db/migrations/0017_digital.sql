ALTER TABLE "order_items" ADD COLUMN "with_pdf" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "digital_editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"item_id" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"page_count" smallint NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"last_downloaded_at" timestamp with time zone,
	"link_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digital_editions" ADD CONSTRAINT "digital_editions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "digital_editions_item_idx" ON "digital_editions" USING btree ("item_id");
--> statement-breakpoint
CREATE INDEX "digital_editions_order_idx" ON "digital_editions" USING btree ("order_id");
