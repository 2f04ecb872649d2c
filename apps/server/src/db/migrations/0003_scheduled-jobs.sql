CREATE TABLE "scheduled_job_runs" (
	"job" text NOT NULL,
	"slot" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "scheduled_job_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
