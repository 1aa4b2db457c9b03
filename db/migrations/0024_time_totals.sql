CREATE TABLE "time_totals" (
	"organization_id" uuid NOT NULL,
	"month" date NOT NULL,
	"project_id" uuid NOT NULL,
	"profile_id" uuid,
	"member_name" text NOT NULL,
	"billable" boolean NOT NULL,
	"minutes" bigint NOT NULL,
	CONSTRAINT "time_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","month","project_id","profile_id","member_name","billable")
);
--> statement-breakpoint
-- Issue 32 (decision 037 addendum): time_totals follows time_entries. Each statement's entries
-- are summed per key (the old ones negated) and added to the key's row, in key order, so two
-- statements never lock the same rows in opposite orders. A key whose entries all went keeps a
-- row of zero minutes (the reports skip it; a rebuild drops it). One statement per kind of
-- change: a trigger's function may only name the transition tables its trigger has.
CREATE FUNCTION time_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO time_totals AS t (organization_id, month, project_id, profile_id, member_name, billable, minutes)
    SELECT organization_id, date_trunc('month', work_date)::date, project_id, profile_id, member_name, billable, sum(minutes)
      FROM (SELECT organization_id, work_date, project_id, profile_id, member_name, billable, minutes FROM time_new) d
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(minutes) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT time_totals_key DO UPDATE SET minutes = t.minutes + excluded.minutes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO time_totals AS t (organization_id, month, project_id, profile_id, member_name, billable, minutes)
    SELECT organization_id, date_trunc('month', work_date)::date, project_id, profile_id, member_name, billable, sum(minutes)
      FROM (SELECT organization_id, work_date, project_id, profile_id, member_name, billable, -minutes AS minutes FROM time_old) d
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(minutes) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT time_totals_key DO UPDATE SET minutes = t.minutes + excluded.minutes;
  ELSE
    INSERT INTO time_totals AS t (organization_id, month, project_id, profile_id, member_name, billable, minutes)
    SELECT organization_id, date_trunc('month', work_date)::date, project_id, profile_id, member_name, billable, sum(minutes)
      FROM (SELECT organization_id, work_date, project_id, profile_id, member_name, billable, -minutes AS minutes FROM time_old UNION ALL SELECT organization_id, work_date, project_id, profile_id, member_name, billable, minutes FROM time_new) d
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(minutes) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT time_totals_key DO UPDATE SET minutes = t.minutes + excluded.minutes;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER time_totals_insert AFTER INSERT ON time_entries REFERENCING NEW TABLE AS time_new FOR EACH STATEMENT EXECUTE FUNCTION time_totals_apply();--> statement-breakpoint
CREATE TRIGGER time_totals_update AFTER UPDATE ON time_entries REFERENCING OLD TABLE AS time_old NEW TABLE AS time_new FOR EACH STATEMENT EXECUTE FUNCTION time_totals_apply();--> statement-breakpoint
CREATE TRIGGER time_totals_delete AFTER DELETE ON time_entries REFERENCING OLD TABLE AS time_old FOR EACH STATEMENT EXECUTE FUNCTION time_totals_apply();--> statement-breakpoint
-- Sums every entry again (a restore, this migration).
CREATE FUNCTION time_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM time_totals;
  INSERT INTO time_totals (organization_id, month, project_id, profile_id, member_name, billable, minutes)
  SELECT organization_id, date_trunc('month', work_date)::date, project_id, profile_id, member_name, billable, sum(minutes)
    FROM time_entries
   GROUP BY 1, 2, 3, 4, 5, 6;
END $$;
--> statement-breakpoint
SELECT time_totals_rebuild();
