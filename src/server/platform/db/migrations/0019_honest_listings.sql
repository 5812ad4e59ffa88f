CREATE TYPE "public"."review_status" AS ENUM('published', 'pending', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."risk_flag" AS ENUM('price_outlier', 'duplicate_photo', 'contact_in_text', 'burst', 'phone_unverified');--> statement-breakpoint
CREATE TABLE "listing_review" (
	"laptop_id" text PRIMARY KEY NOT NULL,
	"flags" "risk_flag"[] NOT NULL,
	"evidence" jsonb NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"proof_code" text NOT NULL,
	"proof_photo_id" text,
	"approved_flags" "risk_flag"[] DEFAULT '{}' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text
);
--> statement-breakpoint
DROP INDEX "laptop_category_for_sale_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_seller_idx";--> statement-breakpoint
DROP INDEX "laptop_advertised_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_newest_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_price_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_brand_price_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_brand_newest_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_category_price_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_negotiable_idx";--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "review_status" "review_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "processor_family" text GENERATED ALWAYS AS (substring(regexp_replace(lower(processor), '[^a-z0-9]', '', 'g') from '(ultra[579]|i[3579]|ryzen[3579]|celeron|pentium|athlon|xeon|m[1-4](?:pro|max)?)')) STORED;--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "listing_review" ADD CONSTRAINT "listing_review_laptop_id_laptop_id_fk" FOREIGN KEY ("laptop_id") REFERENCES "public"."laptop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_review" ADD CONSTRAINT "listing_review_proof_photo_id_photo_id_fk" FOREIGN KEY ("proof_photo_id") REFERENCES "public"."photo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_review" ADD CONSTRAINT "listing_review_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_review_queue_idx" ON "listing_review" USING btree ("held_at","laptop_id") WHERE "listing_review"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "laptop_price_guide_idx" ON "laptop" USING btree ("brand","processor_family","ram_gb","resale_price") WHERE "laptop"."sales_status" in ('unsold', 'sold') and "laptop"."review_status" = 'published';--> statement-breakpoint
CREATE INDEX "laptop_category_for_sale_idx" ON "laptop" USING btree ("category","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST,"resale_price","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_seller_idx" ON "laptop" USING btree ("seller_id") WHERE "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';--> statement-breakpoint
CREATE INDEX "laptop_advertised_idx" ON "laptop" USING btree ("posted_at" DESC NULLS LAST) WHERE "laptop"."advertised" and "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_newest_idx" ON "laptop" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST,"resale_price","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_price_idx" ON "laptop" USING btree ("resale_price","id","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_brand_price_idx" ON "laptop" USING btree ("brand","resale_price","id","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_brand_newest_idx" ON "laptop" USING btree ("brand","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST,"resale_price","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_category_price_idx" ON "laptop" USING btree ("category","resale_price","id","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_negotiable_idx" ON "laptop" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "laptop"."negotiable" and "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';--> statement-breakpoint
DROP INDEX "laptop_for_sale_newest_text_idx";--> statement-breakpoint
-- Written by hand, as in 0007 (Drizzle cannot write INCLUDE): the same walk, for published listings only.
CREATE INDEX "laptop_for_sale_newest_text_idx" ON "laptop" USING btree ("posted_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("search_document", "search_text", "resale_price", "location", "ram_gb", "storage_gb", "condition")
  WHERE "laptop"."sales_status" = 'unsold' and "laptop"."review_status" = 'published';
