/**
 * Issue 17's second figure: a visitor registering through the property's poster (POST /public/visitors), at 16
 * connections, as many visitors from many addresses would (the bench server trusts one proxy hop and each request
 * carries its own X-Forwarded-For, so the per-address rate limit sees distinct visitors). The visitors name 400
 * residents in turn, each in a unit of their own, with limits high enough that every registration is accepted.
 * Its reference: the statements one registration sends, sent raw and rolled back (a permit code is unique, so the
 * same INSERT can only be replayed undone). Used by bench/run.ts (BENCH_ONLY=visitor).
 */
import pg from 'pg';
import type autocannon from 'autocannon';
import { scopeSql } from '../apps/server/src/platform/db';
import type { Services } from '../apps/server/src/platform/scope';
import { inScope } from '../apps/server/src/platform/scope';
import { currentPoster } from '../apps/server/src/modules/visitors/links';
import { captureHandlerSql } from './reference';

export const POSTER_RESIDENTS = 400;

/** 400 residents, each alone in a unit `VR{n}`, last name `Host{n}`, with visitor limits of 1,000. */
async function seed(ownerUrl: string, propertyId: number) {
  const db = new pg.Client({ connectionString: ownerUrl });
  await db.connect();
  try {
    await db.query('begin');
    const { rows } = await db.query<{ id: string }>(
      `insert into buildings (property_id, name) values ($1, 'Poster bench') returning id`,
      [propertyId],
    );
    const buildingId = rows[0]!.id;
    await db.query(
      `with u as (
         insert into units (property_id, building_id, name)
         select $1, $2, 'VR' || g from generate_series(1, $3) g returning id, name),
       r as (
         insert into tenant_users (property_id, type, full_name, password_hash, language)
         select $1, 'tenant-resident', 'Bench Host' || g, '!', 'en' from generate_series(1, $3) g
         returning id, full_name),
       pairs as (
         select u.id as unit_id, r.id as resident_id from u
         join r on substr(r.full_name, 11) = substr(u.name, 3)),
       res as (
         insert into residents (property_id, id, visitor_limit, visitor_vehicles_allowed)
         select $1, resident_id, 1000, 1000 from pairs returning id)
       insert into resident_units (property_id, resident_id, unit_id)
       select $1, resident_id, unit_id from pairs`,
      [propertyId, buildingId, POSTER_RESIDENTS],
    );
    await db.query('commit');
    await db.query('analyze units; analyze residents; analyze resident_units; analyze tenant_users');
  } finally {
    await db.end();
  }
}

/** The poster's requests (one per resident, each from its own address) and one registration's SQL, rolled back. */
export async function posterBench(
  services: Services,
  ownerUrl: string,
  property: { id: number; code: string },
  origin: string,
) {
  await seed(ownerUrl, property.id);
  const poster = await inScope(services, { area: 'tenant', propertyId: property.id }, (ctx) =>
    currentPoster(ctx),
  );
  const token = decodeURIComponent(poster.url.split('/register/visitors/')[1]!);
  const body = (n: number) =>
    JSON.stringify({
      token,
      name: `Bench Guest ${n}`,
      plate: `PB${n}X`,
      unit: `vr${n}`,
      residentName: `host${n}`,
    });
  const headersOf = (n: number) => ({
    'content-type': 'application/json',
    'x-tenant': property.code,
    'x-forwarded-for': `198.51.${100 + (n % 100)}.${1 + Math.floor(n / 100)}`,
  });
  const requests: autocannon.Request[] = Array.from({ length: POSTER_RESIDENTS }, (_, i) => ({
    method: 'POST',
    path: '/tenant/api/public/visitors',
    headers: headersOf(i + 1),
    body: body(i + 1),
  }));
  // One registration's statements, as the handler sends them.
  let status = 0;
  const sent = await captureHandlerSql(async () => {
    const res = await fetch(`${origin}/tenant/api/public/visitors`, {
      method: 'POST',
      headers: headersOf(1),
      body: body(1),
    });
    status = res.status;
    await res.text();
  });
  if (status !== 200) throw new Error(`poster registration answered ${status}`);
  // The permit code, its token hash and the receipt's hash are unique: each replay makes its own, as a request does.
  const db = new pg.Client({ connectionString: ownerUrl });
  await db.connect();
  const unique: string[] = [];
  try {
    const v = await db.query<{ code: string; hash: string }>(
      `select permit_code as code, public_token_hash as hash from visitors where property_id = $1
       order by id desc limit 1`,
      [property.id],
    );
    const r = await db.query<{ hash: string }>(
      `select token_hash as hash from visitor_links where property_id = $1 and kind = 'receipt'
       order by id desc limit 1`,
      [property.id],
    );
    unique.push(v.rows[0]!.code, v.rows[0]!.hash, r.rows[0]!.hash);
  } finally {
    await db.end();
  }
  const fresh = (statement: string) =>
    unique.reduce(
      (text, value) => text.split(`'${value}'`).join('substr(md5(random()::text), 1, 24)'),
      statement,
    );
  const script = [
    'BEGIN',
    scopeSql({ area: 'tenant', propertyId: property.id }),
    ...sent.map(fresh),
    'ROLLBACK',
  ];
  return { requests, script };
}
