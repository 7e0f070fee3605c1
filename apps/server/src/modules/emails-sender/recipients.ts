import { isoDayIn, type RecipientCount, type RecipientFilters } from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import { query } from '../../platform/db/query';
import type { Scope } from '../../platform/scope';

/**
 * The residents a bulk mail's filters choose (decision 0043), as SQL over residents (`r`) and their accounts (`u`):
 * not deleted, and matching every filter given — a building or unit they live in, their status, a permit in a state,
 * an approved permit ending within N days (the property's today), an agreement not signed. One statement counts them
 * and one writes them as a send's recipients, so the count shown is the list sent to.
 */
export function recipientWhere(ctx: Scope, f: RecipientFilters): SQL {
  const p = ctx.propertyId;
  const parts: SQL[] = [sql`r.property_id = ${p}`, sql`r.deleted_at is null`];
  if (f.buildingIds?.length)
    parts.push(sql`exists (select 1 from resident_units ru join units un on un.property_id = ru.property_id and un.id = ru.unit_id
      where ru.property_id = ${p} and ru.resident_id = r.id and un.building_id in (${sql.join(
        f.buildingIds.map((x) => sql`${x}`),
        sql`, `,
      )}))`);
  if (f.unitIds?.length)
    parts.push(sql`exists (select 1 from resident_units ru where ru.property_id = ${p} and ru.resident_id = r.id
      and ru.unit_id in (${sql.join(
        f.unitIds.map((x) => sql`${x}`),
        sql`, `,
      )}))`);
  if (f.residentStatuses?.length)
    parts.push(
      sql`r.status in (${sql.join(
        f.residentStatuses.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
  if (f.permitStatuses?.length)
    parts.push(sql`exists (select 1 from permits pm where pm.property_id = ${p} and pm.resident_id = r.id
      and pm.deleted_at is null and pm.status in (${sql.join(
        f.permitStatuses.map((x) => sql`${x}`),
        sql`, `,
      )}))`);
  if (f.permitExpiringWithinDays !== undefined) {
    const today = isoDayIn(new Date(), ctx.property?.timeZone ?? 'UTC');
    parts.push(sql`exists (select 1 from permits pm where pm.property_id = ${p} and pm.resident_id = r.id
      and pm.deleted_at is null and pm.status = 'approved'
      and pm.expires_on between ${today}::date and ${today}::date + ${f.permitExpiringWithinDays}::int)`);
  }
  if (f.unsignedAgreement) parts.push(sql`r.signed_at is null`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`residents r join tenant_users u on u.property_id = r.property_id and u.id = r.id`;
const HAS_EMAIL = sql`coalesce(u.email, '') <> ''`;

/** POST /emails-sender/count */
export async function countRecipients(ctx: Scope, filters: RecipientFilters): Promise<RecipientCount> {
  const where = recipientWhere(ctx, filters);
  const list = await query<{
    language: string;
    matched: number;
    without_email: number;
    unsubscribed: number;
    reachable: number;
  }>(
    ctx.tx,
    sql`
    select u.language as language,
      count(*)::int as matched,
      count(*) filter (where not (${HAS_EMAIL}))::int as without_email,
      count(*) filter (where ${HAS_EMAIL} and r.mail_opt_out_at is not null)::int as unsubscribed,
      count(*) filter (where ${HAS_EMAIL} and r.mail_opt_out_at is null)::int as reachable
    from ${FROM} where ${where} group by u.language`,
  );
  const sum = (k: 'matched' | 'without_email' | 'unsubscribed' | 'reachable') =>
    list.reduce((a, r) => a + Number(r[k]), 0);
  return {
    matched: sum('matched'),
    reachable: sum('reachable'),
    withoutEmail: sum('without_email'),
    unsubscribed: sum('unsubscribed'),
    languages: Object.fromEntries(
      list.filter((r) => r.reachable > 0).map((r) => [r.language, Number(r.reachable)]),
    ),
  };
}

/** Writes the reachable residents the filters choose as the send's recipients (one statement); how many. */
export async function writeRecipients(
  ctx: Scope,
  sendId: number,
  filters: RecipientFilters,
): Promise<number> {
  const where = recipientWhere(ctx, filters);
  const [row] = await query<{ n: number }>(
    ctx.tx,
    sql`with written as (
    insert into email_send_recipients (property_id, send_id, resident_id, email, name, language, unit, building)
    select r.property_id, ${sendId}, r.id, u.email, u.full_name, u.language,
      coalesce((select string_agg(b.name || ' ' || un.name, ', ' order by ru.position)
        from resident_units ru join units un on un.property_id = ru.property_id and un.id = ru.unit_id
        join buildings b on b.property_id = un.property_id and b.id = un.building_id
        where ru.property_id = r.property_id and ru.resident_id = r.id), ''),
      coalesce((select string_agg(distinct b.name, ', ')
        from resident_units ru join units un on un.property_id = ru.property_id and un.id = ru.unit_id
        join buildings b on b.property_id = un.property_id and b.id = un.building_id
        where ru.property_id = r.property_id and ru.resident_id = r.id), '')
    from ${FROM} where ${where} and ${HAS_EMAIL} and r.mail_opt_out_at is null
    returning 1) select count(*)::int as n from written`,
  );
  return Number(row?.n ?? 0);
}
