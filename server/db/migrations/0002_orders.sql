CREATE TABLE "order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"request_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"language" text NOT NULL,
	"child_name" text NOT NULL,
	"child_gender" text NOT NULL,
	"child_personalization" text NOT NULL,
	"dad_name" text,
	"dad_personalization" text NOT NULL,
	"mum_name" text,
	"mum_personalization" text NOT NULL,
	"dedication" text NOT NULL,
	"cover_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'cart' NOT NULL,
	"coupon_code" text,
	"create_request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_create_request_id_unique" UNIQUE("create_request_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_request_idx" ON "order_items" USING btree ("order_id","request_id");--> statement-breakpoint
CREATE INDEX "order_items_order_position_idx" ON "order_items" USING btree ("order_id","position");