/**
 * The rows the patrol report and "Imports and mail" read (decision 0047), seeded beside the reports bench's permits
 * and visitor permits (bench/reports.ts), for each of its properties over two years:
 * - patrol: three officers, ROUNDS_PER_DAY rounds a day (40 to 240 minutes each, one left open per officer), with
 *   OBSERVATIONS_PER_ROUND observations on average, three in four of a plate with its stored lookup;
 * - imports: RESIDENT_IMPORTS residents imports and UNITS_IMPORTS units imports (their audit entries), among
 *   AUDIT_ENTRIES other audit entries of the property (a tenth of them of units);
 * - mail: MAILS mails of every kind and delivery status.
 * Written by the seeding's owner connection, in its transaction (bench/reports.ts `seedReportsBench`).
 */
import type pg from 'pg';

export const ROUNDS_PER_DAY = 3;
export const OBSERVATIONS_PER_ROUND = 6;
export const RESIDENT_IMPORTS = 40;
export const UNITS_IMPORTS = 20;
export const AUDIT_ENTRIES = 5_000;
export const MAILS = 25_000;
const DAYS = 730;

const VERDICTS = ['permitted', 'permitted', 'permitted', 'visitor', 'expired', 'banned', 'pending', 'none'];
const KINDS = [
  'visitor-receipt',
  'visitor-receipt',
  'visitor-link',
  'visitor-approved',
  'permit-approved',
  'permit-expiry-reminder',
  'resident-password',
  'password-reset',
];
const STATUSES = ['sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'failed', 'pending', 'queued', 'stored'];
const list = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** Seeds the patrol, imports and mail rows of the properties `ids`, analysing each table once filled. */
export async function seedActivity(c: pg.Client, ids: number[], step: (what: string) => void): Promise<void> {
  const run = async (table: string, text: string, params: unknown[] = [ids]) => {
    await c.query(text, params);
    await c.query(`analyze ${table}`);
  };
  // Rounds: officer k of property p is user 10·p + k (one open check-in per officer, whatever the property).
  await run(
    'patrol_check_ins',
    `insert into patrol_check_ins (property_id, user_area, user_id, user_name, location_status, checked_in_at,
                                   checked_out_at, latitude, longitude, distance_meters)
     select p, 'tenant', 10 * p + k, 'Officer ' || k, 'valid', t.at,
            case when n = $2 then null else t.at + make_interval(mins => (40 + (p * 7 + n * 13) % 200)::int) end,
            40.7, -74.0, (n * 31) % 250
     from unnest($1::bigint[]) p, generate_series(1, $2) n,
          lateral (select 1 + n % 3 as k,
                          now() - make_interval(mins => (($2 - n) * ${Math.round(1440 / ROUNDS_PER_DAY)}
                            + (p * 37 + n * 101) % 180)::int) as at) t`,
    [ids, DAYS * ROUNDS_PER_DAY],
  );
  // The latest round of each officer is left open (one already is: the last one made).
  await c.query(
    `update patrol_check_ins c set checked_out_at = null
     where property_id = any($1) and user_id >= 10 and checked_out_at is not null
       and checked_in_at = (select max(checked_in_at) from patrol_check_ins x
                            where x.property_id = c.property_id and x.user_id = c.user_id)
       and not exists (select 1 from patrol_check_ins o where o.property_id = c.property_id
                       and o.user_id = c.user_id and o.checked_out_at is null)`,
    [ids],
  );
  await run(
    'patrol_observations',
    `insert into patrol_observations (property_id, check_in_id, user_area, user_id, user_name, client_key, plate,
                                      plate_normalized, place, lookup, observed_at)
     select ci.property_id, ci.id, ci.user_area, ci.user_id, ci.user_name, gen_random_uuid(),
            case when g % 4 > 0 then 'R' || (ci.id * 7 + g) % 9000 end,
            case when g % 4 > 0 then 'R' || (ci.id * 7 + g) % 9000 end,
            case when g % 4 = 0 then 'Gate' end,
            case when g % 4 > 0 then jsonb_build_object('plate', 'R' || (ci.id * 7 + g) % 9000,
              'checkedAt', ci.checked_in_at, 'matches', jsonb_build_array(jsonb_build_object(
                'plate', 'R' || (ci.id * 7 + g) % 9000, 'match', 'exact', 'distance', 0,
                'verdict', (${list(VERDICTS)})[1 + (ci.id + g) % ${VERDICTS.length}],
                'ban', null, 'vehicle', null, 'permit', null, 'visitor', null))) end,
            ci.checked_in_at + make_interval(mins => g * 4)
     from patrol_check_ins ci, generate_series(1, 2 * $2 - 1) g
     where ci.property_id = any($1) and ci.user_id >= 10 and g <= 1 + (ci.id * 7) % (2 * $2 - 1)`,
    [ids, OBSERVATIONS_PER_ROUND],
  );
  step(`${DAYS * ROUNDS_PER_DAY} rounds a property and their observations`);
  await run(
    'resident_imports',
    `insert into resident_imports (property_id, file_name, storage_key, state, rows_total, rows_done, imported,
                                   rejected, created_at, finished_at)
     select p, 'residents-' || n || '.xlsx', 'bench', s.state, s.rows, s.rows,
            case when s.state = 'done' then s.rows else 0 end,
            case when s.state = 'rejected'
              then (select jsonb_agg(jsonb_build_object('row', r + 1, 'errors', '[]'::jsonb))
                    from generate_series(1, 1 + n % 7) r)
              else '[]'::jsonb end,
            s.at, s.at + interval '1 minute'
     from unnest($1::bigint[]) p, generate_series(1, $2) n,
          lateral (select (array['done', 'done', 'done', 'rejected', 'failed'])[1 + (p + n) % 5] as state,
                          20 + (p * 13 + n * 29) % 400 as rows,
                          now() - make_interval(mins => ((p * 7919 + n * 104729) % 1051200)::int) as at) s`,
    [ids, RESIDENT_IMPORTS],
  );
  // The audit log: units imports (written, or refused with their rows) among the property's other entries.
  await run(
    'binnacle',
    `insert into binnacle (property_id, area, user_type, user_id, user_name, entity, entity_id, action, changes,
                           created_at)
     select p, 'tenant', 'tenant-user', 1, 'Bench Manager',
            case when n <= $2 then 'units' when n % 10 = 0 then 'units'
                 else (${list(['residents', 'permits', 'visitors', 'vehicles', 'spots'])})[1 + n % 5] end,
            case when n <= $2 then null else (n * 7)::text end,
            case when n <= $2 then 'import' else (${list(['create', 'update', 'delete'])})[1 + n % 3] end,
            case when n > $2 then '{}'::jsonb
                 when n % 4 = 0 then jsonb_build_object('file', jsonb_build_object('old', null, 'new', 'units-' || n || '.xlsx'),
                   'rows', jsonb_build_object('old', null, 'new', 30), 'units', jsonb_build_object('old', null, 'new', 0),
                   'refused', jsonb_build_object('old', null, 'new', 1 + n % 5))
                 else jsonb_build_object('file', jsonb_build_object('old', null, 'new', 'units-' || n || '.xlsx'),
                   'units', jsonb_build_object('old', null, 'new', 10 + n % 90)) end,
            now() - make_interval(mins => ((p * 15485863 + n::bigint * 32452843) % 1051200)::int)
     from unnest($1::bigint[]) p, generate_series(1, $3) n`,
    [ids, UNITS_IMPORTS, UNITS_IMPORTS + AUDIT_ENTRIES],
  );
  step('imports and audit entries');
  await run(
    'mail_outbox',
    `insert into mail_outbox (property_id, "to", subject, text, kind, status, attempts, created_at, sent_at)
     select p, 'guest' || n || '@rep' || p || '.test', 'Your visitor permit', case when s.status = 'sent' then '' else 'Text' end,
            (${list(KINDS)})[1 + (n * 7 + p) % ${KINDS.length}], s.status, 1, s.at,
            case when s.status = 'sent' then s.at + interval '5 seconds' end
     from unnest($1::bigint[]) p, generate_series(1, $2) n,
          lateral (select (${list(STATUSES)})[1 + (n * 3 + p) % ${STATUSES.length}] as status,
                          now() - make_interval(mins => ((p * 7919 + n::bigint * 15485863) % 1051200)::int) as at) s`,
    [ids, MAILS],
  );
  step(`${MAILS} mails a property`);
}
