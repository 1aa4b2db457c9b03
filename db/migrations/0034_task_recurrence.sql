ALTER TABLE "organizations" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recurrence_rule" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_series_due_date_idx" ON "tasks" USING btree ("series_id","due_date");--> statement-breakpoint
CREATE INDEX "tasks_recurring_due_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."recurrence_rule" is not null and "tasks"."status" <> 'completed';