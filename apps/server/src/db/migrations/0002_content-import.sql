CREATE TABLE "content_phrases" (
	"language" text NOT NULL,
	"hash" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "content_phrases_language_hash_pk" PRIMARY KEY("language","hash")
);
--> statement-breakpoint
CREATE TABLE "content_state" (
	"key" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "languages" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_source_key_unique" UNIQUE("source_key");--> statement-breakpoint
ALTER TABLE "languages" ADD CONSTRAINT "languages_source_key_unique" UNIQUE("source_key");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_source_key_unique" UNIQUE("source_key");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_source_key_unique" UNIQUE("source_key");--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_source_key_unique" UNIQUE("source_key");--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_source_key_unique" UNIQUE("source_key");