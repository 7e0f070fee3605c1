import type { OfflineLookupData, OfflinePlate } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { propertyTimeZone } from '../properties/dates';

/**
 * GET /patrolling/offline-data (issue 18, decision 0029): every plate of the property that a lookup could answer
 * something about — active bans, vehicles with their deciding permit, visitor permits not ended a week ago — with only
 * what a verdict needs. Three plain statements over the property's rows, in one transaction (one instant).
 */
export async function offlineData(ctx: Scope): Promise<OfflineLookupData> {
  const pid = ctx.propertyId;
  const tz = await propertyTimeZone(ctx);
  const [clock] = await query<{ now: Date | string; today: string }>(
    ctx.tx,
    sql`select now() as now, (now() at time zone ${tz})::date::text as today`,
  );
  const bans = await query<{ pn: string; until: string | null }>(
    ctx.tx,
    sql`select plate_normalized as pn, max(coalesce(banned_until::text, '')) as until from banned_vehicles
      where property_id = ${pid} and lifted_at is null and banned_from <= current_date
        and (banned_until is null or banned_until >= current_date)
      group by plate_normalized`,
  );
  const permits = await query<{
    pn: string;
    plate: string;
    status: string | null;
    until: string | null;
    spot: string | null;
    starts: string | null;
  }>(
    ctx.tx,
    sql`select distinct on (v.plate_normalized) v.plate_normalized as pn, v.plate, p.status,
        p.expires_on::text as until, s.number as spot,
        (case when p.status = 'approved' and p.start_date > (now() at time zone ${tz})::date
          then p.start_date::text end) as starts
      from vehicles v
        left join permits p on p.property_id = v.property_id and p.vehicle_id = v.id and p.deleted_at is null
          and p.status in ('pending', 'approved', 'inactive')
        left join spots s on s.property_id = p.property_id and s.id = p.spot_id
      where v.property_id = ${pid} and v.deleted_at is null
      order by v.plate_normalized,
        (p.status = 'approved' and (p.expires_on is null or p.expires_on >= current_date)) desc nulls last,
        (p.status = 'pending') desc nulls last, p.id desc nulls last`,
  );
  const visits = await query<{ pn: string; status: string; until: Date | string }>(
    ctx.tx,
    sql`select distinct on (plate_normalized) plate_normalized as pn, permit_status as status, valid_until as until
      from visitors
      where property_id = ${pid} and deleted_at is null and plate_normalized is not null
        and permit_status in ('valid', 'pending') and valid_until > now() - interval '7 days'
      order by plate_normalized, (permit_status = 'valid') desc, valid_until desc`,
  );
  const byPlate = new Map<string, OfflinePlate>();
  const entry = (pn: string, shown = pn) => {
    let e = byPlate.get(pn);
    if (!e) byPlate.set(pn, (e = { p: shown }));
    return e;
  };
  for (const c of permits) {
    const e = entry(c.pn, c.plate);
    if (c.status) e.r = c.starts ? [c.status, c.until, c.spot, c.starts] : [c.status, c.until, c.spot];
  }
  for (const b of bans) entry(b.pn).b = b.until ?? '';
  for (const x of visits) entry(x.pn).x = [x.status, new Date(x.until).toISOString()];
  return {
    propertyId: pid,
    generatedAt: new Date(clock!.now).toISOString(),
    today: clock!.today,
    plates: [...byPlate.values()],
  };
}
