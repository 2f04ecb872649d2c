CREATE TABLE "social_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"profile" jsonb,
	"completion_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_network_unique";--> statement-breakpoint
ALTER TABLE "social_sign_ins" ADD CONSTRAINT "social_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_connections" ADD CONSTRAINT "user_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_sign_ins_state_unique" ON "social_sign_ins" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "social_sign_ins_completion_unique" ON "social_sign_ins" USING btree ("completion_hash");--> statement-breakpoint
CREATE INDEX "social_sign_ins_expires_idx" ON "social_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_connections_provider_subject_unique" ON "user_connections" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "user_connections_user_provider_unique" ON "user_connections" USING btree ("user_id","provider");--> statement-breakpoint
-- HAND-WRITTEN (issue 12): move each existing users.network / network_user_id pair into user_connections
-- before the columns are dropped. Keep this statement when regenerating the migration.
INSERT INTO "user_connections" ("user_id", "provider", "subject", "linked_at")
SELECT "id", "network", "network_user_id", "created_at" FROM "users"
WHERE "network" IS NOT NULL AND "network_user_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- END HAND-WRITTEN
ALTER TABLE "users" DROP COLUMN "network";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "network_user_id";