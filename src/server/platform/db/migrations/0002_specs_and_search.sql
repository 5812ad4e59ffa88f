-- Search: trigram matching for typo-tolerant model names (PGlite ships pg_trgm as an extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "processor" text;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "ram_gb" smallint;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "storage_gb" integer;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "storage_type" text;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "screen_inches" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "gpu" text;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "battery_health" smallint;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', name || ' ' || coalesce(brand, '') || ' ' || coalesce(processor, '') || ' ' || description)) STORED;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(brand, '') || ' ' || coalesce(processor, ''))) STORED;--> statement-breakpoint
CREATE INDEX "laptop_search_document_idx" ON "laptop" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "laptop_search_text_trgm_idx" ON "laptop" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "laptop_for_sale_newest_idx" ON "laptop" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_price_idx" ON "laptop" USING btree ("resale_price","id") WHERE "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE INDEX "laptop_brand_idx" ON "laptop" USING btree ("brand","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laptop_location_idx" ON "laptop" USING btree ("location","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laptop_condition_idx" ON "laptop" USING btree ("condition","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laptop_ram_idx" ON "laptop" USING btree ("ram_gb","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laptop_storage_idx" ON "laptop" USING btree ("storage_gb","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_role_newest_idx" ON "user" USING btree ("role","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "laptop" ADD CONSTRAINT "laptop_brand_known" CHECK ("laptop"."brand" in ('Apple', 'Acer', 'Asus', 'Dell', 'HP', 'Huawei', 'Lenovo', 'Microsoft', 'MSI', 'Razer', 'Samsung', 'Walton', 'Xiaomi', 'Other'));--> statement-breakpoint
ALTER TABLE "laptop" ADD CONSTRAINT "laptop_ram_known" CHECK ("laptop"."ram_gb" in (2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128));--> statement-breakpoint
ALTER TABLE "laptop" ADD CONSTRAINT "laptop_storage_range" CHECK ("laptop"."storage_gb" between 32 and 8192);--> statement-breakpoint
ALTER TABLE "laptop" ADD CONSTRAINT "laptop_storage_type_known" CHECK ("laptop"."storage_type" in ('ssd', 'hdd', 'emmc'));--> statement-breakpoint
ALTER TABLE "laptop" ADD CONSTRAINT "laptop_screen_range" CHECK ("laptop"."screen_inches" between 10.0 and 18.4);--> statement-breakpoint
ALTER TABLE "laptop" ADD CONSTRAINT "laptop_battery_range" CHECK ("laptop"."battery_health" between 0 and 100);