CREATE TABLE "task_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_reminders_once" UNIQUE("task_id","profile_id","kind","due_date"),
	CONSTRAINT "task_reminders_kind_check" CHECK ("task_reminders"."kind" in ('task_due_soon', 'task_overdue'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "task_reminders" ADD CONSTRAINT "task_reminders_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reminders" ADD CONSTRAINT "task_reminders_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_reminders_profile_idx" ON "task_reminders" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "tasks_due_reminder_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."status" <> 'completed' and "tasks"."assignee_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('task_assigned', 'task_completed', 'note_added', 'intake_submitted', 'link_opened', 'mentioned', 'task_comment', 'task_due_soon', 'task_overdue'));