ALTER TABLE "project_access_tokens" ADD COLUMN "approval_shows_project" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 49 item 10: links made before the "Show the project" switch keep showing it; only new links start without.
UPDATE "project_access_tokens" SET "approval_shows_project" = true;
