DROP INDEX "laptop_brand_idx";--> statement-breakpoint
DROP INDEX "laptop_category_for_sale_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_newest_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_price_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_brand_price_idx";--> statement-breakpoint
DROP INDEX "laptop_for_sale_category_price_idx";--> statement-breakpoint
CREATE INDEX "laptop_for_sale_brand_newest_idx" ON "laptop" USING btree ("brand","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST,"resale_price","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE INDEX "laptop_category_for_sale_idx" ON "laptop" USING btree ("category","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST,"resale_price","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_newest_idx" ON "laptop" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST,"resale_price","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_price_idx" ON "laptop" USING btree ("resale_price","id","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_brand_price_idx" ON "laptop" USING btree ("brand","resale_price","id","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE INDEX "laptop_for_sale_category_price_idx" ON "laptop" USING btree ("category","resale_price","id","location","ram_gb","storage_gb","condition") WHERE "laptop"."sales_status" = 'unsold';