ALTER TABLE "project_access_tokens" ADD COLUMN "intake_state" text;--> statement-breakpoint
ALTER TABLE "project_access_tokens" ADD COLUMN "intake_draft" jsonb;--> statement-breakpoint
ALTER TABLE "project_access_tokens" ADD COLUMN "intake_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_access_tokens" ADD CONSTRAINT "project_access_tokens_intake_state_check" CHECK ("project_access_tokens"."intake_state" is null or "project_access_tokens"."intake_state" in ('open', 'submitted', 'locked'));