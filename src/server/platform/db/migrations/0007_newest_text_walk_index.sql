-- A search with words walks the laptops for sale newest first and tests each one's text as it goes
-- (docs/search.md#walking-or-gathering-a-page). With the text document, the typo-matched text and the other tested
-- filters in the index, the walk reads index entries only, not a table row per laptop it passes:
-- "katana" (1 in 90 laptops) 3.6 → 1.0 ms at 100,000 listings. Written here because Drizzle's
-- schema cannot express INCLUDE; src/server/features/laptops/schema.ts names it in a comment.
CREATE INDEX "laptop_for_sale_newest_text_idx" ON "laptop" USING btree ("posted_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("search_document", "search_text", "resale_price", "location", "ram_gb", "storage_gb", "condition")
  WHERE "laptop"."sales_status" = 'unsold';
