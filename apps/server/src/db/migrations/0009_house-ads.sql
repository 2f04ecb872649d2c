CREATE TABLE "ad_serves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"banner_id" text NOT NULL,
	"placement" text NOT NULL,
	"language" text NOT NULL,
	"completion_mark" integer DEFAULT 0 NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	"clicked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_serves" ADD CONSTRAINT "ad_serves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_serves_user_placement_idx" ON "ad_serves" USING btree ("user_id","placement","served_at");--> statement-breakpoint
CREATE INDEX "ad_serves_banner_idx" ON "ad_serves" USING btree ("banner_id");