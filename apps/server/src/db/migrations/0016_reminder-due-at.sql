ALTER TABLE "settings" ADD COLUMN "reminder_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "settings_reminder_due_idx" ON "settings" USING btree ("reminder_due_at");