CREATE TABLE "running_timers" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid,
	"note" text,
	"billable" boolean DEFAULT true NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid,
	"profile_id" uuid,
	"member_name" text NOT NULL,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"note" text,
	"billable" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_minutes_check" CHECK ("time_entries"."minutes" > 0 and "time_entries"."minutes" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hourly_rate_minor" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hourly_rate_minor" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "budget_kind" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "budget_amount" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "budget_alerted_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "running_timers_project_idx" ON "running_timers" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "running_timers_task_idx" ON "running_timers" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "time_entries_organization_date_idx" ON "time_entries" USING btree ("organization_id","work_date");--> statement-breakpoint
CREATE INDEX "time_entries_profile_date_idx" ON "time_entries" USING btree ("profile_id","work_date");--> statement-breakpoint
CREATE INDEX "time_entries_project_date_idx" ON "time_entries" USING btree ("project_id","work_date");--> statement-breakpoint
CREATE INDEX "time_entries_task_idx" ON "time_entries" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_currency_check" CHECK ("organizations"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_hourly_rate_check" CHECK ("profiles"."hourly_rate_minor" is null or "profiles"."hourly_rate_minor" >= 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('task_assigned', 'task_completed', 'note_added', 'intake_submitted', 'link_opened', 'mentioned', 'task_comment', 'task_due_soon', 'task_overdue', 'budget_alert'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_hourly_rate_check" CHECK ("projects"."hourly_rate_minor" is null or "projects"."hourly_rate_minor" >= 0);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_budget_check" CHECK (("projects"."budget_kind" is null and "projects"."budget_amount" is null) or ("projects"."budget_kind" in ('hours', 'money') and "projects"."budget_amount" > 0));