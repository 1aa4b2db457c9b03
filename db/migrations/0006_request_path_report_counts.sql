CREATE TABLE "report_counts" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"grain" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_counts_lookup_idx" ON "report_counts" USING btree ("organization_id","grain","bucket");--> statement-breakpoint
CREATE INDEX "report_counts_unfolded_idx" ON "report_counts" USING btree ("organization_id") WHERE not "report_counts"."folded";--> statement-breakpoint
CREATE INDEX "tasks_created_at_idx" ON "tasks" USING btree ("created_at");--> statement-breakpoint
-- Report counts kept by triggers (decision 014). Every change adds rows of differences at three
-- grains (all time, the UTC day and the UTC hour of created_at); report_counts_fold() sums them.
CREATE FUNCTION report_bucket(grain text, at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE grain
    WHEN 'all' THEN '-infinity'::timestamptz
    WHEN 'day' THEN date_bin('1 day', at, timestamptz '2000-01-01 00:00:00+00')
    ELSE date_bin('1 hour', at, timestamptz '2000-01-01 00:00:00+00')
  END
$$;
--> statement-breakpoint
-- Statement-level, with transition tables: a bulk insert (a seed, a restore) adds one row per
-- key, not one per inserted row. An update adds only what changed (the differences sum to zero
-- otherwise), so renames, moves on the board and timestamps cost no row.
CREATE FUNCTION report_counts_of_projects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
    SELECT d.organization_id, 'project', d.status, g.grain, report_bucket(g.grain, d.created_at), count(*)
    FROM report_new d CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
    GROUP BY 1, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
    SELECT d.organization_id, 'project', d.status, g.grain, report_bucket(g.grain, d.created_at), -count(*)
    FROM report_old d CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
    GROUP BY 1, 3, 4, 5;
  ELSE
    INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
    SELECT d.organization_id, 'project', d.status, g.grain, report_bucket(g.grain, d.created_at), sum(d.n)
    FROM (SELECT organization_id, status, created_at, 1 AS n FROM report_new
          UNION ALL SELECT organization_id, status, created_at, -1 FROM report_old) d
    CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
    GROUP BY 1, 3, 4, 5 HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_counts_of_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
    SELECT d.organization_id, 'client', '', g.grain, report_bucket(g.grain, d.created_at), count(*)
    FROM report_new d CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
    GROUP BY 1, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
    SELECT d.organization_id, 'client', '', g.grain, report_bucket(g.grain, d.created_at), -count(*)
    FROM report_old d CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
    GROUP BY 1, 4, 5;
  ELSE
    INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
    SELECT d.organization_id, 'client', '', g.grain, report_bucket(g.grain, d.created_at), sum(d.n)
    FROM (SELECT organization_id, created_at, 1 AS n FROM report_new
          UNION ALL SELECT organization_id, created_at, -1 FROM report_old) d
    CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
    GROUP BY 1, 4, 5 HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tasks belong to an organization through their project. A task deleted with its project (ON
-- DELETE CASCADE) finds no project here any more: report_counts_of_project_tasks counted it out.
CREATE FUNCTION report_counts_of_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
    SELECT p.organization_id, 'task', d.status, g.grain, report_bucket(g.grain, d.created_at), count(*)
    FROM report_new d JOIN projects p ON p.id = d.project_id CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
    GROUP BY 1, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
    SELECT p.organization_id, 'task', d.status, g.grain, report_bucket(g.grain, d.created_at), -count(*)
    FROM report_old d JOIN projects p ON p.id = d.project_id CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
    GROUP BY 1, 3, 4, 5;
  ELSE
    INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
    SELECT p.organization_id, 'task', d.status, g.grain, report_bucket(g.grain, d.created_at), sum(d.n)
    FROM (SELECT project_id, status, created_at, 1 AS n FROM report_new
          UNION ALL SELECT project_id, status, created_at, -1 FROM report_old) d
    JOIN projects p ON p.id = d.project_id
    CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
    GROUP BY 1, 3, 4, 5 HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before a project row goes: its tasks, which the cascade deletes after it. They are locked
-- first, so a task changed or deleted concurrently is counted as it ends up, exactly once (the
-- project row itself is already locked here, so no task can be added to it meanwhile).
CREATE FUNCTION report_counts_of_project_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n)
  SELECT OLD.organization_id, 'task', t.status, g.grain, report_bucket(g.grain, t.created_at), -count(*)
  FROM (SELECT status, created_at FROM tasks WHERE project_id = OLD.id FOR UPDATE) t
  CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
  GROUP BY 2, 3, 4, 5;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_counts_projects_insert AFTER INSERT ON projects REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_counts_of_projects();--> statement-breakpoint
CREATE TRIGGER report_counts_projects_update AFTER UPDATE ON projects REFERENCING OLD TABLE AS report_old NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_counts_of_projects();--> statement-breakpoint
CREATE TRIGGER report_counts_projects_delete AFTER DELETE ON projects REFERENCING OLD TABLE AS report_old FOR EACH STATEMENT EXECUTE FUNCTION report_counts_of_projects();--> statement-breakpoint
CREATE TRIGGER report_counts_projects_delete_tasks BEFORE DELETE ON projects FOR EACH ROW EXECUTE FUNCTION report_counts_of_project_tasks();--> statement-breakpoint
CREATE TRIGGER report_counts_clients_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_counts_of_clients();--> statement-breakpoint
CREATE TRIGGER report_counts_clients_update AFTER UPDATE ON clients REFERENCING OLD TABLE AS report_old NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_counts_of_clients();--> statement-breakpoint
CREATE TRIGGER report_counts_clients_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS report_old FOR EACH STATEMENT EXECUTE FUNCTION report_counts_of_clients();--> statement-breakpoint
CREATE TRIGGER report_counts_tasks_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_counts_of_tasks();--> statement-breakpoint
CREATE TRIGGER report_counts_tasks_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS report_old NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_counts_of_tasks();--> statement-breakpoint
CREATE TRIGGER report_counts_tasks_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS report_old FOR EACH STATEMENT EXECUTE FUNCTION report_counts_of_tasks();--> statement-breakpoint
-- Sums the differences of every key that has any into one folded row (a key summing to zero
-- goes). Rows written while it runs stay for the next time; two servers folding at once each
-- sum only the rows they deleted, so nothing counts twice. Returns the rows folded.
CREATE FUNCTION report_counts_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded_rows integer;
BEGIN
  WITH keys AS (
    SELECT DISTINCT organization_id, kind, status, grain, bucket FROM report_counts WHERE NOT folded
  ), gone AS (
    DELETE FROM report_counts r USING keys k
    WHERE r.organization_id = k.organization_id AND r.grain = k.grain AND r.bucket = k.bucket
      AND r.kind = k.kind AND r.status = k.status
    RETURNING r.organization_id, r.kind, r.status, r.grain, r.bucket, r.n
  )
  INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n, folded)
  SELECT organization_id, kind, status, grain, bucket, sum(n), true FROM gone
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0;
  GET DIAGNOSTICS folded_rows = ROW_COUNT;
  RETURN folded_rows;
END $$;
--> statement-breakpoint
-- Counts everything again from the projects, clients and tasks (a restore, this migration).
CREATE FUNCTION report_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_counts;
  INSERT INTO report_counts (organization_id, kind, status, grain, bucket, n, folded)
  SELECT r.organization_id, r.kind, r.status, g.grain, report_bucket(g.grain, r.created_at), count(*), true
  FROM (SELECT organization_id, 'project' AS kind, status, created_at FROM projects
        UNION ALL SELECT organization_id, 'client', '', created_at FROM clients
        UNION ALL SELECT p.organization_id, 'task', t.status, t.created_at FROM tasks t JOIN projects p ON p.id = t.project_id) r
  CROSS JOIN (VALUES ('all'), ('day'), ('hour')) g(grain)
  GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT report_counts_rebuild();
