CREATE TABLE "laptop_photo" (
	"laptop_id" text NOT NULL,
	"photo_id" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "laptop_photo_laptop_id_position_pk" PRIMARY KEY("laptop_id","position")
);
--> statement-breakpoint
CREATE TABLE "photo_upload" (
	"photo_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_upload_photo_id_seller_id_pk" PRIMARY KEY("photo_id","seller_id")
);
--> statement-breakpoint
CREATE TABLE "photo" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "cover_photo_id" text;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "cover_width" integer;--> statement-breakpoint
ALTER TABLE "laptop" ADD COLUMN "cover_height" integer;--> statement-breakpoint
ALTER TABLE "laptop_photo" ADD CONSTRAINT "laptop_photo_laptop_id_laptop_id_fk" FOREIGN KEY ("laptop_id") REFERENCES "public"."laptop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laptop_photo" ADD CONSTRAINT "laptop_photo_photo_id_photo_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photo"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_upload" ADD CONSTRAINT "photo_upload_photo_id_photo_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_upload" ADD CONSTRAINT "photo_upload_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "laptop_photo_photo_idx" ON "laptop_photo" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "photo_upload_seller_idx" ON "photo_upload" USING btree ("seller_id");