import {
  normalizePlate,
  suggestPermitCode,
  type PlateLookup,
  type PlateLookupMatch,
} from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import { query, type Tx } from '../platform/db';

/*
 * The demo's last weeks (issue 38 §4): a property that has been running, so its dashboard, reports and lists open on
 * figures rather than on zeros. Everything here is in the past and closed — permits asked over the last month,
 * visitors who came and went, the inspector's rounds with what they saw, warnings decided and placed, cars towed,
 * the mail that went out — so no queue gains work to do and the journeys' own records stay the only open ones. The
 * rows are written as the product stores them (the lookups an observation keeps are the lookup's shape), in the
 * property's own days, from a fixed sequence: every demo start draws the same history.
 */

interface Person {
  id: number;
  name: string;
  email: string | null;
  unit: string | null;
  vehicleId: number | null;
  plate: string | null;
  make: string | null;
  model: string | null;
  color: string | null;
  permitId: number | null;
  permitCode: string | null;
  expiresOn: string | null;
  shown: string | null;
}

const GUESTS = [
  'Grace Miller',
  'Tomás Rivera',
  'Mei Lin',
  'Aaron Price',
  'Fatima Noor',
  'Diego Herrera',
  'Yuki Tanaka',
  'Chloe Martin',
  'Samuel Osei',
  'Elena Petrova',
  'Jun Park',
  'Isabel Cruz',
];
const STRANGERS = ['TXK4471', 'JRD2290', 'VMN8812', 'PLW3306', 'QZT5519', 'HRB7724', 'XCL1038', 'NDF6645'];

const SUMMARIES = [
  'Walked every level. Gate arm at the east entrance sticks; told the office.',
  'Quiet evening. Visitor area full by 9 pm.',
  'Checked the fire lane twice; clear both times.',
  'Light out above spots 20–24. Otherwise all in order.',
  'Two cars without a permit on the first pass; one had left by the second.',
];

/** A deterministic sequence (mulberry32), so every demo start draws the same history. */
function sequence(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

export async function seedHistoryDemo(
  tx: Tx,
  propertyId: number,
  plan: 'oakridge' | 'maplewood',
  inspector: { id: number; name: string },
) {
  const rand = sequence(plan === 'oakridge' ? 7 : 13);
  const run = <T = Record<string, unknown>>(s: SQL) => query<T>(tx, s);
  const [property] = await run<{ tz: string; code: string; lat: number | null; lon: number | null }>(
    sql`select timezone as tz, code, latitude as lat, longitude as lon from properties where id = ${propertyId}`,
  );
  const tz = property!.tz;
  /** An instant `days` before today in the property's calendar, at its wall clock hh:mm. */
  const at = (days: number, hh: number, mm = 0) =>
    sql`((((now() at time zone ${tz})::date - ${days}::int) + make_time(${hh}, ${mm}, 0)) at time zone ${tz})`;
  const plusMinutes = (instant: SQL, minutes: number) =>
    sql`(${instant} + make_interval(mins => ${minutes}))`;

  // The residents who sign in keep a quiet history: their own journeys start from a clean slate.
  const people = (
    await run<Record<string, string | null>>(sql`
      select r.id, u.full_name as name, u.email, un.name as unit, v.id as vehicle_id, v.plate, mk.name as make,
        md.name as model, v.color, p.id as permit_id, p.code as permit_code, p.expires_on::text as expires_on,
        case when p.status = 'approved' and p.expires_on < current_date then 'expired'
          when p.status = 'approved' then 'approved' else p.status end as shown
      from residents r
      join tenant_users u on u.property_id = r.property_id and u.id = r.id
      left join lateral (select un.name from resident_units ru join units un on un.property_id = ru.property_id
        and un.id = ru.unit_id where ru.property_id = r.property_id and ru.resident_id = r.id limit 1) un on true
      left join lateral (select * from vehicles v where v.property_id = r.property_id and v.resident_id = r.id
        and v.deleted_at is null order by v.id limit 1) v on true
      left join makes mk on mk.id = v.make_id
      left join models md on md.id = v.model_id
      left join lateral (select * from permits p where p.property_id = r.property_id and p.vehicle_id = v.id
        and p.deleted_at is null order by p.id limit 1) p on true
      where r.property_id = ${propertyId} and r.deleted_at is null and r.status = 'active'
        and coalesce(u.email, '') <> ${`resident@${plan}.test`}
      order by r.id`)
  ).map((r): Person => ({
    id: Number(r.id),
    name: r.name ?? '',
    email: r.email ?? null,
    unit: r.unit ?? null,
    vehicleId: r.vehicle_id ? Number(r.vehicle_id) : null,
    plate: r.plate ?? null,
    make: r.make ?? null,
    model: r.model ?? null,
    color: r.color ?? null,
    permitId: r.permit_id ? Number(r.permit_id) : null,
    permitCode: r.permit_code ?? null,
    expiresOn: r.expires_on ?? null,
    shown: r.shown ?? null,
  }));
  if (!people.length) return;

  // The buildings and units came in by an import four weeks ago (the "Imports and mail" report; its audit entry as
  // units/import.ts writes it).
  const [made] = await run<{ units: string; buildings: string; floors: string; manager: string | null }>(sql`
    select (select count(*) from units where property_id = ${propertyId}) as units,
      (select count(*) from buildings where property_id = ${propertyId}) as buildings,
      (select count(*) from floors where property_id = ${propertyId}) as floors,
      (select full_name from tenant_users where property_id = ${propertyId} and email = ${`manager@${plan}.test`})
        as manager`);
  const changes = {
    file: { old: null, new: `${plan}-units.xlsx` },
    units: { old: null, new: Number(made!.units) },
    buildingsCreated: { old: null, new: Number(made!.buildings) },
    floorsCreated: { old: null, new: Number(made!.floors) },
  };
  await run(sql`insert into binnacle (property_id, area, user_type, user_name, entity, action, changes, created_at)
    values (${propertyId}, 'tenant', 'tenant-user', ${made!.manager}, 'units', 'import',
      ${JSON.stringify(changes)}::jsonb, ${at(28, 10, 15)})`);

  // Permits: asked over the last four weeks rather than all this morning (the permits chart's 30 days).
  const permitRows = await run<{ id: string }>(
    sql`select id from permits where property_id = ${propertyId} order by id`,
  );
  for (const [i, p] of permitRows.entries()) {
    const back = (i * 4 + rand(3)) % 28;
    await run(sql`update permits set created_at = ${at(back, 9 + rand(8), rand(60))},
        approved_at = case when approved_at is null then null else ${at(Math.max(0, back - 1), 10 + rand(6))} end
      where property_id = ${propertyId} and id = ${p.id}`);
  }

  // Visitors over the last three weeks: a few a day, most come and go, some refused or revoked; each told by mail.
  const visitors: { id: number; day: number; plate: string; code: string; residentId: number }[] = [];
  const hosted = new Map<number, number>();
  for (let day = 20; day >= 1; day--) {
    const count = rand(3);
    for (let k = 0; k < count; k++) {
      // A host stays well inside the visitor limits (the "nearest their limits" report shows who comes close).
      const open = people.filter((p) => (hosted.get(p.id) ?? 0) < 8);
      if (!open.length) break;
      const host = open[rand(open.length)]!;
      hosted.set(host.id, (hosted.get(host.id) ?? 0) + 1);
      const guest = GUESTS[rand(GUESTS.length)]!;
      const plate = `${String.fromCharCode(65 + rand(26))}${String.fromCharCode(65 + rand(26))}${100 + rand(900)}${rand(10)}`;
      const roll = rand(10);
      const status = roll < 8 ? 'valid' : roll < 9 ? 'rejected' : 'revoked';
      const code = suggestPermitCode(`V${property!.code}`, () => rand(1000) / 1000);
      const from = at(day, 8 + rand(10), rand(4) * 15);
      const [row] = await run<{ id: string }>(sql`
        insert into visitors (property_id, name, email, plate, plate_normalized, resident_id, permit_code,
          permit_status, valid_from, valid_until, status_comment, source, created_at)
        values (${propertyId}, ${guest}, ${`${guest.split(' ')[0]!.toLowerCase()}@example.com`}, ${plate},
          ${normalizePlate(plate)}, ${host.id}, ${code}, ${status}, ${from}, ${plusMinutes(from, 60 * (4 + rand(20)))},
          ${status === 'rejected' ? 'Visitor limit reached for this month' : null},
          ${(['staff', 'resident', 'poster'] as const)[rand(3)]}, ${plusMinutes(from, -60 * (1 + rand(20)))})
        returning id`);
      if (status === 'valid') visitors.push({ id: Number(row!.id), day, plate, code, residentId: host.id });
      await run(sql`
        insert into mail_outbox (property_id, "to", subject, text, kind, status, attempts, created_at, sent_at,
          last_error)
        values (${propertyId}, ${`${guest.split(' ')[0]!.toLowerCase()}@example.com`},
          ${`Visitor permit ${code}`}, ${`Your visitor permit ${code} for ${plate}.`}, 'visitor-receipt',
          ${k === 0 && day % 9 === 0 ? 'failed' : 'sent'}, 1, ${plusMinutes(from, -30)},
          ${k === 0 && day % 9 === 0 ? null : plusMinutes(from, -29)},
          ${k === 0 && day % 9 === 0 ? '550 5.1.1 mailbox unavailable' : null})`);
    }
  }

  // The inspector's rounds: most evenings of the last four weeks, 30–90 minutes on site, a few plates each.
  const [warningType] = await run<{ id: string }>(sql`select id from warnings order by id limit 1`);
  const [reason] = await run<{ id: string }>(sql`select id from reasons order by id limit 1`);
  const [towType] = await run<{ id: string }>(sql`select id from tows order by id limit 1`);
  const permitted = people.filter((p) => p.plate && p.shown === 'approved');
  const expired = people.filter((p) => p.plate && p.shown === 'expired');
  let stranger = 0;
  for (let day = 27; day >= 1; day--) {
    if (rand(10) < 3) continue;
    const start = at(day, 19 + rand(3), rand(4) * 15);
    const minutes = 30 + rand(60);
    const [round] = await run<{ id: string }>(sql`
      insert into patrol_check_ins (property_id, user_area, user_id, user_name, checked_in_at, latitude, longitude,
        accuracy_meters, distance_meters, location_status, checked_out_at, checkout_latitude, checkout_longitude,
        checkout_distance_meters, created_at, updated_at)
      values (${propertyId}, 'central', ${inspector.id}, ${inspector.name}, ${start}, ${property!.lat},
        ${property!.lon}, ${8 + rand(20)}, ${15 + rand(60)}, ${property!.lat === null ? 'no-coordinates' : 'valid'},
        ${plusMinutes(start, minutes)}, ${property!.lat}, ${property!.lon}, ${15 + rand(60)}, ${start},
        ${plusMinutes(start, minutes)})
      returning id`);
    // The round's report, as checking in opens it and the officer's summary closes it.
    await run(sql`
      insert into patrol_reports (property_id, check_in_id, user_area, user_id, user_name, summary, created_at,
        updated_at)
      values (${propertyId}, ${round!.id}, 'central', ${inspector.id}, ${inspector.name},
        ${SUMMARIES[rand(SUMMARIES.length)]}, ${start}, ${plusMinutes(start, minutes)})`);
    const seen = 2 + rand(4);
    for (let k = 0; k < seen; k++) {
      const when = plusMinutes(start, Math.floor(((k + 1) * minutes) / (seen + 1)));
      const checkedAt = await run<{ t: string }>(sql`select to_json(${when})#>>'{}' as t`);
      const roll = rand(10);
      const guest = visitors.find((v) => v.day === day);
      let plate: string;
      let matches: PlateLookupMatch[] = [];
      const base = {
        match: 'exact' as const,
        distance: 0,
        ban: null,
        vehicle: null,
        permit: null,
        visitor: null,
      };
      // Most plates carry a permit; a visitor now and then, an expired permit, and one car in ten nobody knows.
      if ((roll < 5 || roll === 8) && permitted.length) {
        const p = permitted[rand(permitted.length)]!;
        plate = p.plate!;
        matches = [{ ...base, plate, verdict: 'permitted', ...vehicleOf(p, 'approved') }];
      } else if (roll < 7 && guest) {
        plate = guest.plate;
        matches = [
          {
            ...base,
            plate,
            verdict: 'visitor',
            visitor: {
              id: guest.id,
              code: guest.code,
              status: 'valid',
              validFrom: null,
              validUntil: null,
              unit: null,
            },
          },
        ];
      } else if (roll < 8 && expired.length) {
        const p = expired[rand(expired.length)]!;
        plate = p.plate!;
        matches = [{ ...base, plate, verdict: 'expired', ...vehicleOf(p, 'expired') }];
      } else {
        plate = STRANGERS[stranger++ % STRANGERS.length]!;
      }
      const lookup: PlateLookup = { plate: normalizePlate(plate), checkedAt: checkedAt[0]!.t, matches };
      const [obs] = await run<{ id: string }>(sql`
        insert into patrol_observations (property_id, check_in_id, user_area, user_id, user_name, client_key, plate,
          plate_normalized, lookup, shown_verdict, observed_at, created_at, updated_at)
        values (${propertyId}, ${round!.id}, 'central', ${inspector.id}, ${inspector.name}, gen_random_uuid(),
          ${plate}, ${normalizePlate(plate)}, ${JSON.stringify(lookup)}::jsonb,
          ${matches[0]?.verdict ?? 'none'}, ${when}, ${when}, ${when})
        returning id`);
      // A car nobody knows: a warning asked for; the manager decides it the next morning.
      if (matches.length === 0 && rand(3) > 0 && warningType && reason) {
        const outcome = rand(4); // 0: refused; else approved and placed
        const decided = at(Math.max(0, day - 1), 9, 30);
        const [w] = await run<{ id: string }>(sql`
          insert into permit_warnings (property_id, observation_id, check_in_id, plate, plate_normalized, warning_id,
            reason_id, status, lookup, requested_by_area, requested_by_id, requested_by_name, decided_at,
            decided_by_name, decision_note, placed_at, placed_by_name, created_at, updated_at)
          values (${propertyId}, ${obs!.id}, ${round!.id}, ${plate}, ${normalizePlate(plate)}, ${warningType.id},
            ${reason.id}, ${outcome === 0 ? 'rejected' : 'placed'}, ${JSON.stringify(lookup)}::jsonb, 'central',
            ${inspector.id}, ${inspector.name}, ${decided}, 'Olivia Manager',
            ${outcome === 0 ? 'A guest of unit 101 — parked with the office’s leave' : null},
            ${outcome === 0 ? null : plusMinutes(decided, 600)}, ${outcome === 0 ? null : inspector.name},
            ${when}, ${decided})
          returning id`);
        // Placed and still there two days later: towed.
        if (outcome === 3 && towType)
          await run(sql`
            insert into vehicle_tows (property_id, permit_warning_id, tow_id, plate, plate_normalized, status,
              tow_authorization_date, ready_to_tow_at, authorized_by_area, authorized_by_id, authorized_by_name,
              photo_file_ids, lookup, closed_at, closed_by_name, created_at, updated_at)
            values (${propertyId}, ${w!.id}, ${towType.id}, ${plate}, ${normalizePlate(plate)}, 'towed',
              ${plusMinutes(decided, 2 * 1440)}, ${plusMinutes(decided, 2 * 1440)}, 'central', ${inspector.id},
              ${inspector.name}, '[]'::jsonb, ${JSON.stringify(lookup)}::jsonb, ${plusMinutes(decided, 2 * 1440 + 90)},
              ${inspector.name}, ${plusMinutes(decided, 2 * 1440)}, ${plusMinutes(decided, 2 * 1440 + 90)})`);
      }
    }
  }
}

/** The vehicle and permit an exact match names, as the lookup keeps them. */
function vehicleOf(p: Person, status: 'approved' | 'expired'): Pick<PlateLookupMatch, 'vehicle' | 'permit'> {
  return {
    vehicle: {
      id: p.vehicleId!,
      plate: p.plate!,
      make: p.make,
      model: p.model,
      color: p.color,
      units: p.unit ? [p.unit] : [],
    },
    permit: {
      id: p.permitId!,
      code: p.permitCode ?? '',
      status,
      expiresOn: p.expiresOn,
      spot: null,
      wrongSpot: false,
    },
  };
}
