CREATE TABLE "removed_phone" (
	"phone" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
