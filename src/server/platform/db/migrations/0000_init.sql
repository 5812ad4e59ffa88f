CREATE TYPE "public"."category" AS ENUM('casual', 'gaming', 'premium');--> statement-breakpoint
CREATE TYPE "public"."condition" AS ENUM('excellent', 'good', 'fair');--> statement-breakpoint
CREATE TYPE "public"."location" AS ENUM('chattogram', 'dhaka', 'barishal', 'khulna', 'sylhet', 'rangpur', 'rajshahi', 'mymensingh');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('buyer', 'seller', 'admin');--> statement-breakpoint
CREATE TYPE "public"."sales_status" AS ENUM('unsold', 'sold');--> statement-breakpoint
CREATE TYPE "public"."service_icon" AS ENUM('RiTeamFill', 'BiSupport', 'BsPatchCheckFill', 'FaTruckMoving');--> statement-breakpoint
CREATE TABLE "article" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "laptop" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"category" "category" NOT NULL,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"description" text NOT NULL,
	"location" "location" NOT NULL,
	"resale_price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"usage_years" integer NOT NULL,
	"condition" "condition" NOT NULL,
	"seller_mobile" text NOT NULL,
	"sales_status" "sales_status" DEFAULT 'unsold' NOT NULL,
	"advertised" boolean DEFAULT false NOT NULL,
	"booked" boolean DEFAULT false NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "laptop_prices_positive" CHECK ("laptop"."resale_price" > 0 and "laptop"."original_price" > 0),
	CONSTRAINT "laptop_usage_years_range" CHECK ("laptop"."usage_years" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "order" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"laptop_id" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"meeting_address" text NOT NULL,
	"laptop_name" text NOT NULL,
	"laptop_image" text NOT NULL,
	"resale_price" integer NOT NULL,
	"payment_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon" "service_icon" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" "role" DEFAULT 'buyer' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "laptop" ADD CONSTRAINT "laptop_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_laptop_id_laptop_id_fk" FOREIGN KEY ("laptop_id") REFERENCES "public"."laptop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "laptop_category_idx" ON "laptop" USING btree ("category","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laptop_seller_idx" ON "laptop" USING btree ("seller_id","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laptop_advertised_idx" ON "laptop" USING btree ("posted_at" DESC NULLS LAST) WHERE "laptop"."advertised" and "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE UNIQUE INDEX "order_buyer_laptop_uq" ON "order" USING btree ("buyer_id","laptop_id");--> statement-breakpoint
CREATE INDEX "order_buyer_idx" ON "order" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_laptop_idx" ON "order" USING btree ("laptop_id");--> statement-breakpoint
CREATE INDEX "user_role_idx" ON "user" USING btree ("role");