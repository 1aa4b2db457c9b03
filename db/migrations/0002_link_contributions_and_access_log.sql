ALTER TABLE "project_access_opens" ADD COLUMN "kind" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_access_opens" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "project_access_tokens" ADD COLUMN "viewers_may_contribute" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "project_access_opens" ADD CONSTRAINT "project_access_opens_kind_check" CHECK ("project_access_opens"."kind" in ('open', 'view', 'download'));