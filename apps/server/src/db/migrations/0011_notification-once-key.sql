ALTER TABLE "notifications" ADD COLUMN "once_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_key_unique" ON "notifications" USING btree ("user_id","once_key");