-- Plates in one display form (decision 0039 §10): upper case, trimmed, each run of spaces inside one space; hyphens
-- and other separators as typed (the contract's displayPlate, which every write applies from now on). The plates
-- already stored are rewritten, and so are the plates inside the lookups kept with observations, warnings and tows,
-- so every reader shows the same form. The normalised plates (plate_normalized, plate_folded) do not change, nor do
-- the search's words (lower-cased letters and digits). Vehicles, visitors and bans rewrite their plate_lookups rows
-- through their triggers. Read and written in the central scope (row-level security is forced on the owner too);
-- the two functions are the session's own (pg_temp), dropped at the end.
SELECT set_config('app.scope', 'central', true);
--> statement-breakpoint
CREATE FUNCTION pg_temp.display_plate(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(d) <= 15 THEN d ELSE p END
  FROM (SELECT upper(btrim(regexp_replace(p, '\s+', ' ', 'g'))) AS d) x
$$;
--> statement-breakpoint
CREATE FUNCTION pg_temp.display_lookup(l jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(l->'matches') = 'array' THEN jsonb_set(l, '{matches}', coalesce((
    SELECT jsonb_agg(
      CASE WHEN jsonb_typeof(m->'plate') = 'string'
        THEN jsonb_set(m, '{plate}', to_jsonb(pg_temp.display_plate(m->>'plate'))) ELSE m END
      || CASE WHEN jsonb_typeof(m->'vehicle'->'plate') = 'string'
        THEN jsonb_build_object('vehicle',
          jsonb_set(m->'vehicle', '{plate}', to_jsonb(pg_temp.display_plate(m->'vehicle'->>'plate'))))
        ELSE '{}'::jsonb END
      ORDER BY i)
    FROM jsonb_array_elements(l->'matches') WITH ORDINALITY AS e(m, i)), '[]'::jsonb))
  ELSE l END
$$;
--> statement-breakpoint
UPDATE vehicles SET plate = pg_temp.display_plate(plate) WHERE plate <> pg_temp.display_plate(plate);
--> statement-breakpoint
UPDATE visitors SET plate = pg_temp.display_plate(plate) WHERE plate <> pg_temp.display_plate(plate);
--> statement-breakpoint
UPDATE banned_vehicles SET plate = pg_temp.display_plate(plate) WHERE plate <> pg_temp.display_plate(plate);
--> statement-breakpoint
UPDATE caregivers SET plate = pg_temp.display_plate(plate) WHERE plate <> pg_temp.display_plate(plate);
--> statement-breakpoint
UPDATE spot_reports SET plate = pg_temp.display_plate(plate) WHERE plate <> pg_temp.display_plate(plate);
--> statement-breakpoint
UPDATE patrol_observations SET plate = pg_temp.display_plate(plate), lookup = pg_temp.display_lookup(lookup)
  WHERE plate <> pg_temp.display_plate(plate) OR lookup <> pg_temp.display_lookup(lookup);
--> statement-breakpoint
UPDATE permit_warnings SET plate = pg_temp.display_plate(plate), lookup = pg_temp.display_lookup(lookup)
  WHERE plate <> pg_temp.display_plate(plate) OR lookup <> pg_temp.display_lookup(lookup);
--> statement-breakpoint
UPDATE vehicle_tows SET plate = pg_temp.display_plate(plate), lookup = pg_temp.display_lookup(lookup)
  WHERE plate <> pg_temp.display_plate(plate) OR lookup <> pg_temp.display_lookup(lookup);
--> statement-breakpoint
DROP FUNCTION pg_temp.display_lookup(jsonb);
--> statement-breakpoint
DROP FUNCTION pg_temp.display_plate(text);
--> statement-breakpoint
SELECT set_config('app.scope', '', true);
