CREATE TABLE "billing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_start" bigint NOT NULL,
	"current_period_end" bigint NOT NULL,
	"trial_end" bigint,
	"trial_pending" boolean DEFAULT false NOT NULL,
	"card_last4" text NOT NULL,
	"card_fingerprint" text NOT NULL,
	"card_behaviour" text NOT NULL,
	"pending_client_secret" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "current_period_start" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_end" bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_unique" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_card_idx" ON "subscriptions" USING btree ("card_fingerprint");