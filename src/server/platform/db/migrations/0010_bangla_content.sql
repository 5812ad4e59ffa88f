ALTER TABLE "article" ADD COLUMN "question_bn" text;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "answer_bn" text;--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "description_bn" text;