ALTER TYPE "public"."notification_kind" ADD VALUE 'saved_search_match';--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_subscription_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscription_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "alert_job" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"laptop_id" text NOT NULL,
	"reason" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_match" (
	"saved_search_id" text NOT NULL,
	"laptop_id" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_match_saved_search_id_laptop_id_pk" PRIMARY KEY("saved_search_id","laptop_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"category" "category",
	"brand" text,
	"location" "location",
	"condition" "condition",
	"min_price" integer,
	"max_price" integer,
	"ram_gb" integer,
	"storage_gb" integer,
	"min_battery" smallint,
	"verified" boolean DEFAULT false NOT NULL,
	"negotiable" boolean DEFAULT false NOT NULL,
	"text_query" "tsquery",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_job" ADD CONSTRAINT "alert_job_laptop_id_laptop_id_fk" FOREIGN KEY ("laptop_id") REFERENCES "public"."laptop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_match" ADD CONSTRAINT "saved_search_match_saved_search_id_saved_search_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_match" ADD CONSTRAINT "saved_search_match_laptop_id_laptop_id_fk" FOREIGN KEY ("laptop_id") REFERENCES "public"."laptop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscription_user_idx" ON "push_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_job_due_idx" ON "alert_job" USING btree ("run_after","id") WHERE "alert_job"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_match_newest_idx" ON "saved_search_match" USING btree ("saved_search_id","matched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_search_match_laptop_idx" ON "saved_search_match" USING btree ("laptop_id");--> statement-breakpoint
CREATE INDEX "saved_search_user_idx" ON "saved_search" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);