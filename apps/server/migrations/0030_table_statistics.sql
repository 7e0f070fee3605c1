ALTER TABLE "resident_imports" ADD COLUMN "send_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The planner's statistics kept true (decision 0039 §17). The application role owns no table, and ANALYZE by
-- anyone but a table's owner is skipped with a warning: this function runs as its owner (the role that migrates,
-- the tables' owner) and analyses only tables of schema public, those named (all when null):
-- - a table never analysed that holds rows, or that grew past twice its pages at the last analysis (a bulk write
--   in the caller's transaction counts: its pages are there before it commits);
-- - with by_changes, one whose rows changed (inserted, updated, deleted) since its last analysis by more than
--   autovacuum's default rule, 50 + 10% of its rows (pg_stat_user_tables' n_mod_since_analyze) — for a server whose
--   autovacuum is off and for the embedded database, which has none.
-- The tables go in name order, so two callers take their locks in the same order. Answers the tables analysed.
CREATE FUNCTION parkade_analyze_stale(tables text[] DEFAULT NULL, by_changes boolean DEFAULT true)
RETURNS text[] LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
  t record;
  done text[] := '{}';
BEGIN
  FOR t IN
    SELECT c.relname::text AS name, c.relpages, c.reltuples,
           pg_relation_size(c.oid) / current_setting('block_size')::bigint AS pages,
           coalesce(pg_stat_get_mod_since_analyze(c.oid), 0) AS changed
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND (tables IS NULL OR c.relname = ANY (tables))
    ORDER BY c.relname
  LOOP
    IF (t.reltuples < 0 AND t.pages > 0)
      OR t.pages > 2 * t.relpages + 8
      OR (by_changes AND t.changed > 50 + 0.1 * greatest(t.reltuples, 0)) THEN
      EXECUTE format('ANALYZE public.%I', t.name);
      done := done || t.name;
    END IF;
  END LOOP;
  RETURN done;
END $$;
