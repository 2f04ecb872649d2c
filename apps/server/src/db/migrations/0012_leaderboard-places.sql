CREATE TABLE "leaderboard_places" (
	"day" text NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "leaderboard_places_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_places" ADD CONSTRAINT "leaderboard_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statistics_ranking" ON "statistics" USING btree ("points" DESC NULLS LAST,"timestamp") WHERE "statistics"."points" > 0;