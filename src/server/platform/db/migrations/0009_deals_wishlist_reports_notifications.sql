CREATE TYPE "public"."notification_kind" AS ENUM('order_requested', 'order_accepted', 'order_declined', 'order_completed', 'sold_to_other', 'order_cancelled', 'listing_hidden', 'price_dropped', 'wishlist_sold');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('requested', 'accepted', 'declined', 'cancelled', 'completed');--> statement-breakpoint
CREATE TYPE "public"."report_reason" AS ENUM('scam', 'wrong_details', 'already_sold', 'offensive', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'dismissed', 'actioned');--> statement-breakpoint
ALTER TYPE "public"."sales_status" ADD VALUE 'hidden';--> statement-breakpoint
CREATE TABLE "notification" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"laptop_id" text,
	"laptop_name" text NOT NULL,
	"order_id" text,
	"amount" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" text PRIMARY KEY NOT NULL,
	"laptop_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" "report_reason" NOT NULL,
	"details" text,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wishlist" (
	"user_id" text NOT NULL,
	"laptop_id" text NOT NULL,
	"saved_price" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_user_id_laptop_id_pk" PRIMARY KEY("user_id","laptop_id")
);
--> statement-breakpoint
DROP INDEX "order_buyer_laptop_uq";--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "seller_id" text;--> statement-breakpoint
-- Orders booked before this migration: their laptop's seller.
UPDATE "order" SET "seller_id" = "laptop"."seller_id" FROM "laptop" WHERE "laptop"."id" = "order"."laptop_id";--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "seller_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "status" "order_status" DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_laptop_id_laptop_id_fk" FOREIGN KEY ("laptop_id") REFERENCES "public"."laptop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist" ADD CONSTRAINT "wishlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist" ADD CONSTRAINT "wishlist_laptop_id_laptop_id_fk" FOREIGN KEY ("laptop_id") REFERENCES "public"."laptop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_user_newest_idx" ON "notification" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "report_open_per_reporter_uq" ON "report" USING btree ("reporter_id","laptop_id") WHERE "report"."status" = 'open';--> statement-breakpoint
CREATE INDEX "report_open_newest_idx" ON "report" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "report"."status" = 'open';--> statement-breakpoint
CREATE INDEX "report_laptop_idx" ON "report" USING btree ("laptop_id","status");--> statement-breakpoint
CREATE INDEX "wishlist_user_newest_idx" ON "wishlist" USING btree ("user_id","saved_at" DESC NULLS LAST,"laptop_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wishlist_laptop_idx" ON "wishlist" USING btree ("laptop_id");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_buyer_laptop_active_uq" ON "order" USING btree ("buyer_id","laptop_id") WHERE "order"."status" in ('requested', 'accepted');--> statement-breakpoint
CREATE INDEX "order_seller_newest_idx" ON "order" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);