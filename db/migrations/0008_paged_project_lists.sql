DROP INDEX "project_files_project_id_idx";--> statement-breakpoint
DROP INDEX "project_notes_project_id_idx";--> statement-breakpoint
CREATE INDEX "tasks_project_board_idx" ON "tasks" USING btree ("project_id",(case "status" when 'pending' then 0 when 'in_progress' then 1 else 2 end),"position","created_at","id");--> statement-breakpoint
CREATE INDEX "project_files_project_id_idx" ON "project_files" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "project_notes_project_id_idx" ON "project_notes" USING btree ("project_id","created_at","id");