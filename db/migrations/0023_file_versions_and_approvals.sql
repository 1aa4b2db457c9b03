CREATE TABLE "approval_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"decision" text NOT NULL,
	"comment" text,
	"decider_name" text NOT NULL,
	"access_token_id" uuid,
	"link_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_decisions_decision_check" CHECK ("approval_decisions"."decision" in ('approved', 'changes_requested'))
);
--> statement-breakpoint
CREATE TABLE "file_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"version" integer NOT NULL,
	"message" text,
	"due_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_approvals_file_id_unique" UNIQUE("file_id"),
	CONSTRAINT "file_approvals_state_check" CHECK ("file_approvals"."state" in ('awaiting', 'approved', 'changes_requested'))
);
--> statement-breakpoint
CREATE TABLE "file_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_path" text NOT NULL,
	"thumbnail_path" text,
	"uploaded_by" uuid,
	"uploader_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_versions_file_version_key" UNIQUE("file_id","version"),
	CONSTRAINT "file_versions_version_check" CHECK ("file_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "project_access_tokens" ADD COLUMN "viewers_may_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_file_id_project_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."project_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_access_token_id_project_access_tokens_id_fk" FOREIGN KEY ("access_token_id") REFERENCES "public"."project_access_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_approvals" ADD CONSTRAINT "file_approvals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_approvals" ADD CONSTRAINT "file_approvals_file_id_project_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."project_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_approvals" ADD CONSTRAINT "file_approvals_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_file_id_project_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."project_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_decisions_file_idx" ON "approval_decisions" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "approval_decisions_project_idx" ON "approval_decisions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "file_approvals_project_state_idx" ON "file_approvals" USING btree ("project_id","state");--> statement-breakpoint
CREATE INDEX "file_versions_project_idx" ON "file_versions" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('task_assigned', 'task_completed', 'note_added', 'intake_submitted', 'link_opened', 'mentioned', 'task_comment', 'task_due_soon', 'task_overdue', 'budget_alert', 'approval_decided'));--> statement-breakpoint
-- Issue 33: every uploaded file so far is its own version 1, with the file's id as the version's
-- (so upgrading the same archive twice gives the same rows).
INSERT INTO "file_versions" ("id", "project_id", "file_id", "version", "file_name", "file_type", "file_size", "storage_path", "uploaded_by", "uploader_name", "created_at")
SELECT f."id", f."project_id", f."id", 1, f."file_name", f."file_type", coalesce(f."file_size", 0), f."storage_path", f."uploaded_by", p."full_name", f."created_at"
FROM "project_files" f LEFT JOIN "profiles" p ON p."id" = f."uploaded_by"
WHERE NOT f."is_link" AND f."storage_path" IS NOT NULL;
