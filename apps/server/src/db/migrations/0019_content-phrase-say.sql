ALTER TABLE "content_phrases" ADD COLUMN "say" text;--> statement-breakpoint
ALTER TABLE "content_phrases" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;