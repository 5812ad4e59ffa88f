DROP INDEX "laptop_category_idx";--> statement-breakpoint
DROP INDEX "laptop_seller_idx";--> statement-breakpoint
DROP INDEX "order_buyer_idx";--> statement-breakpoint
CREATE INDEX "laptop_category_for_sale_idx" ON "laptop" USING btree ("category","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE INDEX "laptop_seller_newest_idx" ON "laptop" USING btree ("seller_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laptop_for_sale_seller_idx" ON "laptop" USING btree ("seller_id") WHERE "laptop"."sales_status" = 'unsold';--> statement-breakpoint
CREATE INDEX "order_buyer_newest_idx" ON "order" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_verified_idx" ON "user" USING btree ("id") WHERE "user"."verified";