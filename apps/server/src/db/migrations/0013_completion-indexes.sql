DROP INDEX "answer_history_user_item_idx";--> statement-breakpoint
DROP INDEX "item_memory_user_due_idx";