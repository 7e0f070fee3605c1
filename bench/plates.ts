/**
 * The patrol benches' data (bench/lookup.ts, bench/offline.ts): properties of residents with vehicles, each vehicle
 * with a permit (approved, pending one in ten, expired one in ten) and a visitor permit for one plate in ten; and a
 * parking inspector checked in at a property, who signs in with the bench's staff password.
 */
import type pg from 'pg';

/**
 * `count` properties coded `<prefix>1…`, each with `vehiclesPerProperty` vehicles, `vehiclesPerResident` per
 * resident; plates of 7 letters and digits from a hash (the confusable letters among them), unique per property.
 * Runs in the caller's transaction; answers the properties in order.
 */
export async function seedPlates(
  c: pg.Client,
  opts: {
    prefix: string;
    name: string;
    count: number;
    vehiclesPerProperty: number;
    vehiclesPerResident: number;
  },
): Promise<{ id: string; code: string }[]> {
  const props = await c.query<{ id: string; code: string }>(
    `insert into properties (code, name) select $1 || g, $2 || ' ' || g
     from generate_series(1, $3) g order by g returning id, code`,
    [opts.prefix, opts.name, opts.count],
  );
  const ids = props.rows.map((p) => p.id);
  await c.query(
    `insert into tenant_users (property_id, type, full_name, password_hash, language)
     select p, 'tenant-resident', 'Bench Resident ' || g, '!', 'en'
     from unnest($1::bigint[]) p, generate_series(1, $2) g`,
    [ids, Math.ceil(opts.vehiclesPerProperty / opts.vehiclesPerResident)],
  );
  await c.query(
    `insert into residents (property_id, id)
     select property_id, id from tenant_users where property_id = any($1::bigint[])`,
    [ids],
  );
  // Each resident lives in a unit of the property's one building, as the lookup shows them.
  await c.query(`insert into buildings (property_id, name) select p, 'Tower' from unnest($1::bigint[]) p`, [
    ids,
  ]);
  await c.query(
    `insert into units (property_id, building_id, name)
     select r.property_id, b.id, 'U' || row_number() over (partition by r.property_id order by r.id)
     from residents r join buildings b on b.property_id = r.property_id where r.property_id = any($1::bigint[])`,
    [ids],
  );
  await c.query(
    `insert into resident_units (property_id, resident_id, unit_id)
     select r.property_id, r.id, u.id
     from (select property_id, id, row_number() over (partition by property_id order by id) as n
           from residents where property_id = any($1::bigint[])) r
     join (select property_id, id, row_number() over (partition by property_id order by id) as n
           from units where property_id = any($1::bigint[])) u on u.property_id = r.property_id and u.n = r.n`,
    [ids],
  );
  await c.query('analyze tenant_users; analyze residents; analyze units; analyze resident_units');
  // Makes and models from the catalog, as residents register them.
  await c.query(
    `insert into vehicles (property_id, resident_id, plate, plate_normalized, color, make_id, model_id)
     select r.property_id, r.id, pl, pl, 'Grey', m.makes[1 + (r.n + k) % m.n], m.ids[1 + (r.n + k) % m.n]
     from (select property_id, id, row_number() over (partition by property_id order by id) - 1 as n
           from residents where property_id = any($1::bigint[])) r,
          (select array_agg(id order by id) as ids, array_agg(make_id order by id) as makes, count(*)::int as n
           from models) m,
          generate_series(1, $2) k,
          lateral (select upper(translate(substr(md5(r.property_id || ':' || r.n || ':' || k), 1, 7),
                                          'abcdef', 'kmsgtz')) as pl) x
     on conflict do nothing`,
    [ids, opts.vehiclesPerResident],
  );
  await c.query('analyze vehicles');
  await c.query(
    `insert into permits (property_id, code, resident_id, vehicle_id, permit_type_id, status, expires_on, year,
                          public_token)
     select v.property_id, 'LK-' || v.id, v.resident_id, v.id, 1,
            case when v.id % 10 = 0 then 'pending' else 'approved' end,
            case when v.id % 10 = 1 then current_date - 30 else current_date + 365 end,
            2026, md5('lookup-' || v.id)
     from vehicles v where v.property_id = any($1::bigint[])`,
    [ids],
  );
  await c.query(
    `insert into visitors (property_id, name, plate, plate_normalized, resident_id, permit_code, permit_status,
                          valid_from, valid_until)
     select v.property_id, 'Bench Guest', v.plate || 'V', v.plate_normalized || 'V', v.resident_id,
            'LV-' || v.id, 'valid', now() - interval '1 hour', now() + interval '23 hours'
     from vehicles v where v.property_id = any($1::bigint[]) and v.id % 10 = 3`,
    [ids],
  );
  return props.rows;
}

/**
 * A parking inspector of the property, with the password of the staff user `staffEmail`, checked in there: an
 * officer looks up plates during a round at the property (decision 0027).
 */
export async function checkedInInspector(
  c: pg.Client,
  propertyId: string | number,
  email: string,
  staffEmail: string,
): Promise<void> {
  await c.query(
    `insert into tenant_users (property_id, full_name, email, password_hash, language, role_id)
     select $1, 'Bench Inspector', $2, u.password_hash, 'en',
            (select id from roles where name = 'parking-inspector' and property_id is null)
     from tenant_users u where u.email = $3`,
    [propertyId, email, staffEmail],
  );
  await c.query(
    `insert into patrol_check_ins (property_id, user_area, user_id, user_name, location_status)
     select $1, 'tenant', u.id, u.full_name, 'no-coordinates' from tenant_users u
     where u.property_id = $1 and u.email = $2`,
    [propertyId, email],
  );
}

/** 20 banned plates (BAN1…BAN20) of the property, for a reason of the code given ('Fire lane'). */
export async function seedBannedPlates(c: pg.ClientBase, propertyId: number, reasonCode: string) {
  const {
    rows: [reason],
  } = await c.query<{ id: string }>(
    `insert into reasons (code, name) values ($1, 'Fire lane') returning id`,
    [reasonCode],
  );
  await c.query(
    `insert into banned_vehicles (property_id, plate, plate_normalized, reason_id, banned_from)
     select $1, 'BAN' || g, 'BAN' || g, $2, current_date - 1 from generate_series(1, 20) g`,
    [propertyId, reason!.id],
  );
}
