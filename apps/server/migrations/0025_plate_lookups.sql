CREATE TABLE "plate_lookups" (
	"property_id" bigint NOT NULL,
	"plate_normalized" varchar(15) NOT NULL,
	"plate_folded" varchar(15) GENERATED ALWAYS AS (translate(plate_normalized, 'OIZSBG', '012586')) STORED,
	"vehicle_id" bigint,
	"vehicle_plate" varchar(15),
	"make_id" bigint,
	"model_id" bigint,
	"color" varchar(50),
	"units" text[],
	"permit_id" bigint,
	"permit_code" varchar(30),
	"permit_status" varchar(20),
	"expires_on" date,
	"spot_id" bigint,
	"spot_number" varchar(20),
	"visitors" jsonb,
	"ban_id" bigint,
	"ban_reason_id" bigint,
	"banned_from" date,
	"banned_until" date,
	CONSTRAINT "plate_lookups_property_id_plate_normalized_pk" PRIMARY KEY("property_id","plate_normalized")
);
--> statement-breakpoint
ALTER TABLE "plate_lookups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "plate_lookups_folded_plate_idx" ON "plate_lookups" USING btree ("property_id","plate_folded");--> statement-breakpoint
CREATE POLICY "plate_lookups_isolation" ON "plate_lookups" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
-- The plate lookup's read model (decision 0032), kept by the database itself: every statement that changes what a
-- lookup shows of a plate rewrites that plate's row before it ends, whichever code path wrote it.
-- plate_lookups_refresh rewrites the rows of (property, plate) pairs from the tables they derive from. Refreshes of
-- one plate take turns (a transaction-scoped advisory lock), and each statement after the lock reads what the
-- previous refresh committed (READ COMMITTED takes a snapshot per statement), so two transactions changing one plate
-- at once leave a row holding both changes. A refresh of more than 64 plates (an import, a backfill) locks its
-- properties instead, excluding every other refresh there; smaller ones share the property's lock.
-- Its statements are planned at every call (plan_cache_mode), on the tables' sizes then: a plan kept from a call made
-- when a table was empty (a new property, the first rows of an import) would scan it whole for every plate.
CREATE FUNCTION plate_lookups_refresh(pids bigint[], plates text[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  lk record;
BEGIN
  IF cardinality(pids) > 64 THEN
    FOR lk IN SELECT DISTINCT pid FROM unnest(pids) AS t(pid) ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(5262411, lk.pid::int);
    END LOOP;
  ELSE
    FOR lk IN SELECT DISTINCT pid FROM unnest(pids) AS t(pid) ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock_shared(5262411, lk.pid::int);
    END LOOP;
    FOR lk IN SELECT DISTINCT pid, plate FROM unnest(pids, plates) AS t(pid, plate) ORDER BY 1, 2 LOOP
      PERFORM pg_advisory_xact_lock(hashtextextended(lk.pid || '/' || lk.plate, 5262411));
    END LOOP;
  END IF;
  DELETE FROM plate_lookups l USING unnest(pids, plates) AS k(pid, plate)
    WHERE l.property_id = k.pid AND l.plate_normalized = k.plate;
  INSERT INTO plate_lookups (property_id, plate_normalized, vehicle_id, vehicle_plate, make_id, model_id, color,
      units, permit_id, permit_code, permit_status, expires_on, spot_id, spot_number, visitors, ban_id,
      ban_reason_id, banned_from, banned_until)
  SELECT k.pid, k.plate, v.id, v.plate, v.make_id, v.model_id, v.color, v.units, v.permit_id, v.permit_code,
      v.permit_status, v.expires_on, v.spot_id, v.spot_number, x.visitors, b.id, b.reason_id, b.banned_from,
      b.banned_until
  -- Each plate with its fold: every table is then read on its plate and its fold, so that whichever of its two plate
  -- indexes the planner takes, it reads that plate's entries only.
  FROM (SELECT DISTINCT pid, plate, translate(plate, 'OIZSBG', '012586') AS folded
    FROM unnest(pids, plates) AS t(pid, plate) WHERE plate IS NOT NULL) k
  -- The plate's vehicle (one per plate among those not deleted) with its live permit (one per vehicle), each read
  -- on its own key.
  LEFT JOIN LATERAL (
    SELECT v.id, v.plate, v.make_id, v.model_id, v.color,
      array(SELECT u.name FROM resident_units ru
        JOIN units u ON u.property_id = ru.property_id AND u.id = ru.unit_id
        WHERE ru.property_id = v.property_id AND ru.resident_id = v.resident_id ORDER BY ru.position, u.name) AS units,
      p.id AS permit_id, p.code AS permit_code, p.status AS permit_status, p.expires_on, p.spot_id,
      (SELECT s.number FROM spots s WHERE s.property_id = p.property_id AND s.id = p.spot_id) AS spot_number
    FROM (SELECT * FROM vehicles v
      WHERE v.property_id = k.pid AND v.plate_normalized = k.plate AND v.plate_folded = k.folded
        AND v.deleted_at IS NULL
      ORDER BY v.id DESC LIMIT 1) v
    LEFT JOIN LATERAL (SELECT * FROM permits p
      WHERE p.property_id = v.property_id AND p.vehicle_id = v.id AND p.deleted_at IS NULL
        AND p.status IN ('pending', 'approved', 'inactive')
      ORDER BY p.id DESC LIMIT 1) p ON true
  ) v ON true
  -- The plate's visitor permits that may decide at a later instant: those not ended a day before now (or without
  -- an end), and the latest to end. `until` is the end in microseconds, compared exactly when read.
  LEFT JOIN LATERAL (
    SELECT jsonb_agg(jsonb_build_object('id', x.id, 'code', x.permit_code, 'status', x.permit_status,
        'validFrom', x.valid_from, 'validUntil', x.valid_until,
        'until', (extract(epoch FROM x.valid_until) * 1000000)::bigint,
        'unit', (SELECT u.name FROM units u WHERE u.property_id = x.property_id AND u.id = x.unit_id))
      ORDER BY x.valid_until DESC NULLS FIRST, x.id DESC) AS visitors
    FROM (
      SELECT x.*, row_number() OVER (ORDER BY x.valid_until DESC NULLS FIRST, x.id DESC) AS latest
      FROM visitors x
      WHERE x.property_id = k.pid AND x.plate_normalized = k.plate AND x.plate_folded = k.folded
        AND x.deleted_at IS NULL AND x.permit_status IS NOT NULL
    ) x
    WHERE x.latest = 1 OR x.valid_until IS NULL OR x.valid_until > now() - interval '1 day'
  ) x ON true
  -- The plate's ban not lifted (one per plate).
  LEFT JOIN LATERAL (
    SELECT b.id, b.reason_id, b.banned_from, b.banned_until FROM banned_vehicles b
    WHERE b.property_id = k.pid AND b.plate_normalized = k.plate AND b.plate_folded = k.folded
      AND b.lifted_at IS NULL
    ORDER BY b.id DESC
    LIMIT 1
  ) b ON true
  WHERE v.id IS NOT NULL OR x.visitors IS NOT NULL OR b.id IS NOT NULL;
END
$$;
--> statement-breakpoint
-- The trigger of every table the read model derives from: the (pid, plate) pairs a statement changed, read from its
-- transition tables (new_rows, old_rows; both for an update) by the table's own query below. A unit counts when its
-- name changed, a spot when its number did.
CREATE FUNCTION plate_lookups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows' WHEN 'DELETE' THEN 'old_rows'
    ELSE '(SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows)' END;
  keys text;
  pids bigint[];
  plates text[];
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('units', 'spots') THEN
    changed := format('(SELECT n.* FROM new_rows n JOIN old_rows o ON o.property_id = n.property_id AND o.id = n.id
      WHERE o.%1$I IS DISTINCT FROM n.%1$I)', CASE TG_TABLE_NAME WHEN 'units' THEN 'name' ELSE 'number' END);
  END IF;
  keys := CASE TG_TABLE_NAME
    WHEN 'permits' THEN 'SELECT v.property_id AS pid, v.plate_normalized AS plate FROM %1$s r
      JOIN vehicles v ON v.property_id = r.property_id AND v.id = r.vehicle_id WHERE v.deleted_at IS NULL'
    WHEN 'resident_units' THEN 'SELECT v.property_id AS pid, v.plate_normalized AS plate FROM %1$s r
      JOIN vehicles v ON v.property_id = r.property_id AND v.resident_id = r.resident_id WHERE v.deleted_at IS NULL'
    -- A unit's name is shown with its residents' vehicles and its visitor permits.
    WHEN 'units' THEN 'SELECT v.property_id AS pid, v.plate_normalized AS plate FROM %1$s r
        JOIN resident_units ru ON ru.property_id = r.property_id AND ru.unit_id = r.id
        JOIN vehicles v ON v.property_id = ru.property_id AND v.resident_id = ru.resident_id
        WHERE v.deleted_at IS NULL
      UNION ALL SELECT x.property_id, x.plate_normalized FROM %1$s r
        JOIN visitors x ON x.property_id = r.property_id AND x.unit_id = r.id
        WHERE x.deleted_at IS NULL AND x.permit_status IS NOT NULL'
    -- A spot's number is shown with the permits reserving it.
    WHEN 'spots' THEN 'SELECT v.property_id AS pid, v.plate_normalized AS plate FROM %1$s r
      JOIN permits p ON p.property_id = r.property_id AND p.spot_id = r.id AND p.deleted_at IS NULL
      JOIN vehicles v ON v.property_id = p.property_id AND v.id = p.vehicle_id WHERE v.deleted_at IS NULL'
    -- vehicles, visitors, banned_vehicles: the plates themselves.
    ELSE 'SELECT property_id AS pid, plate_normalized AS plate FROM %1$s r'
  END;
  EXECUTE 'SELECT array_agg(pid), array_agg(plate) FROM (SELECT DISTINCT pid, plate FROM ('
    || format(keys, changed) || ') c WHERE plate IS NOT NULL) c' INTO pids, plates;
  IF pids IS NOT NULL THEN
    PERFORM plate_lookups_refresh(pids, plates);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER plate_lookups_vehicles_insert AFTER INSERT ON vehicles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_vehicles_update AFTER UPDATE ON vehicles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_vehicles_delete AFTER DELETE ON vehicles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_visitors_insert AFTER INSERT ON visitors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_visitors_update AFTER UPDATE ON visitors
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_visitors_delete AFTER DELETE ON visitors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_banned_vehicles_insert AFTER INSERT ON banned_vehicles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_banned_vehicles_update AFTER UPDATE ON banned_vehicles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_banned_vehicles_delete AFTER DELETE ON banned_vehicles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_permits_insert AFTER INSERT ON permits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_permits_update AFTER UPDATE ON permits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_permits_delete AFTER DELETE ON permits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_resident_units_insert AFTER INSERT ON resident_units REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_resident_units_update AFTER UPDATE ON resident_units
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_resident_units_delete AFTER DELETE ON resident_units REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_units_update AFTER UPDATE ON units
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_units_delete AFTER DELETE ON units REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_spots_update AFTER UPDATE ON spots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER plate_lookups_spots_delete AFTER DELETE ON spots REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plate_lookups_changed();
--> statement-breakpoint
-- What is already there, read in the central scope (the tables' row-level security is forced on their owner too).
SELECT set_config('app.scope', 'central', true);
--> statement-breakpoint
SELECT plate_lookups_refresh(array_agg(pid), array_agg(plate)) FROM (
  SELECT property_id AS pid, plate_normalized AS plate FROM vehicles WHERE deleted_at IS NULL
  UNION SELECT property_id, plate_normalized FROM visitors WHERE deleted_at IS NULL AND permit_status IS NOT NULL
    AND plate_normalized IS NOT NULL
  UNION SELECT property_id, plate_normalized FROM banned_vehicles WHERE lifted_at IS NULL
) k HAVING count(*) > 0;
--> statement-breakpoint
SELECT set_config('app.scope', '', true);
