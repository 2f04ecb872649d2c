CREATE TABLE "content_revision" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_revision" ("id", "revision") VALUES (1, 1);--> statement-breakpoint
-- Any statement that writes a catalogue table moves the revision on, whoever runs it (ADR 047).
CREATE FUNCTION "content_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "content_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "languages_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "languages"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "packages_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "packages"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "programs_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programs"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "topics_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "topics"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "lessons_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lessons"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "exercises_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exercises"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "statuses_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "statuses"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_revision_bump"();