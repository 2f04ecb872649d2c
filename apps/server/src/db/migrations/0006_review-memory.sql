CREATE TABLE "answer_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"exercise_id" integer NOT NULL,
	"exercise_type" smallint NOT NULL,
	"result" text NOT NULL,
	"response_ms" integer,
	"answered_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"completion_key" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_memory" (
	"user_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" text NOT NULL,
	"last_review" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_memory_user_id_item_key_pk" PRIMARY KEY("user_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "practice_completions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "item_key" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "item_text" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "item_translation" text;--> statement-breakpoint
ALTER TABLE "answer_history" ADD CONSTRAINT "answer_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_memory" ADD CONSTRAINT "item_memory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_completions" ADD CONSTRAINT "practice_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_history_completion_unique" ON "answer_history" USING btree ("user_id","source","completion_key","position");--> statement-breakpoint
CREATE INDEX "answer_history_user_item_idx" ON "answer_history" USING btree ("user_id","item_key");--> statement-breakpoint
CREATE INDEX "item_memory_user_due_idx" ON "item_memory" USING btree ("user_id","due");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_completions_user_key_unique" ON "practice_completions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "exercises_item_idx" ON "exercises" USING btree ("item_key");