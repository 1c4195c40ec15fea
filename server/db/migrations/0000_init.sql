CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"delivery_time_days" smallint NOT NULL,
	"needs_province" boolean DEFAULT false NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"percent_off" smallint NOT NULL,
	"min_books" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cover_prices" (
	"product_id" integer NOT NULL,
	"cover_type" text NOT NULL,
	"currency_code" text NOT NULL,
	"price_minor" integer NOT NULL,
	"on_sale" boolean NOT NULL,
	"sort_order" smallint NOT NULL,
	CONSTRAINT "cover_prices_product_id_cover_type_currency_code_pk" PRIMARY KEY("product_id","cover_type","currency_code")
);
--> statement-breakpoint
CREATE TABLE "delivery_costs" (
	"country_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"cost_minor" integer NOT NULL,
	CONSTRAINT "delivery_costs_country_id_currency_code_pk" PRIMARY KEY("country_id","currency_code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"book_name" text NOT NULL,
	"title" text NOT NULL,
	"page_count" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_book_name_unique" UNIQUE("book_name")
);
--> statement-breakpoint
CREATE TABLE "reference_data_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cover_prices" ADD CONSTRAINT "cover_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_costs" ADD CONSTRAINT "delivery_costs_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;