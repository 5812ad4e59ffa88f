-- Subscriptions made before they had a session cannot be ended by a sign-out: they go, and their
-- browsers are asked again (the page now asks the server whether it keeps them).
DELETE FROM "push_subscription";--> statement-breakpoint
ALTER TABLE "push_subscription" ADD COLUMN "session_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscription_session_idx" ON "push_subscription" USING btree ("session_id");