ALTER TABLE "feedback" ADD COLUMN "exercise_id" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_exercise_idx" ON "feedback" USING btree ("exercise_id");