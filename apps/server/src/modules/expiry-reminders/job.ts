import { isLanguage, propertySettingsSchema, type Language } from '@parkade/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { inScope, type Scope, type Services } from '../../platform/scope';
import { areaOrigin } from '../auth/service';
import { queueTemplateMail } from '../email-templates/render';
import { permits } from '../permits/table';
import { datesFor } from '../properties/dates';
import { properties } from '../properties/table';
import { propertySettingsOf } from '../residents/service';
import { residents } from '../residents/table';
import { tenantUsers } from '../users/table';
import { vehicles } from '../vehicles/table';
import { visitorText } from '../visitors/mail-text';
import { visitors } from '../visitors/table';
import { expiryReminders } from './table';
import { unsubscribeLink } from '../emails-sender/unsubscribe';

/** The scheduled job that mails permit and visitor permit expiry reminders (decision 0041), every property. */
export const EXPIRY_REMINDERS_QUEUE = 'expiry-reminders';
/**
 * Every hour: a property is handled from REMINDER_HOUR of its own day on (each zone reaches it at another UTC hour);
 * the ledger makes the later runs of the same day send nothing twice, and picks up a permit that entered its window
 * since.
 */
export const EXPIRY_REMINDERS_CRON = '7 * * * *';
/** No reminder is sent before this local hour (a mail in the night is read in the morning anyway). */
export const REMINDER_HOUR = 8;

export interface ReminderRun {
  /** The instant the run is for (tests run any day). */
  now?: Date;
  /** Called after each reminder is written, inside its property's transaction (tests inject a failure here). */
  afterMail?: (propertyId: number) => void | Promise<void>;
}

const languageOf = (v: string): Language => (isLanguage(v) ? v : 'en');

/**
 * Writes the ledger row of a reminder and tells whether it was new: `insert … on conflict do nothing returning`.
 * A run that finds the row (or waits on another run's uncommitted one, which then commits) writes no mail.
 */
async function claim(
  ctx: Scope,
  kind: 'permit' | 'visitor',
  permitId: number,
  endsOn: string,
  sentTo: string,
): Promise<boolean> {
  const rows = await ctx.tx
    .insert(expiryReminders)
    .values({ propertyId: ctx.propertyId, kind, permitId, endsOn, sentTo })
    .onConflictDoNothing({
      target: [
        expiryReminders.propertyId,
        expiryReminders.kind,
        expiryReminders.permitId,
        expiryReminders.endsOn,
      ],
    })
    .returning({ id: expiryReminders.id });
  return rows.length > 0;
}

/** The resident permits approved, not deleted, of a resident not deleted, whose last day is within `days` of today. */
async function remindPermits(ctx: Scope, today: string, days: number, run: ReminderRun): Promise<number> {
  const due = await ctx.tx
    .select({
      id: permits.id,
      code: permits.code,
      endsOn: permits.expiresOn,
      days: sql<number>`(${permits.expiresOn} - ${today}::date)::int`,
      plate: vehicles.plate,
      email: tenantUsers.email,
      fullName: tenantUsers.fullName,
      language: tenantUsers.language,
    })
    .from(permits)
    .innerJoin(
      residents,
      and(eq(residents.propertyId, permits.propertyId), eq(residents.id, permits.residentId)),
    )
    .innerJoin(
      tenantUsers,
      and(eq(tenantUsers.propertyId, permits.propertyId), eq(tenantUsers.id, permits.residentId)),
    )
    .leftJoin(vehicles, and(eq(vehicles.propertyId, permits.propertyId), eq(vehicles.id, permits.vehicleId)))
    .where(
      and(
        eq(permits.propertyId, ctx.propertyId),
        eq(permits.status, 'approved'),
        isNull(permits.deletedAt),
        isNull(residents.deletedAt),
        sql`${permits.expiresOn} between ${today}::date and ${today}::date + ${days}::int`,
      ),
    )
    .orderBy(permits.id);
  let sent = 0;
  for (const p of due) {
    if (!p.email || !p.endsOn) continue;
    if (!(await claim(ctx, 'permit', p.id, p.endsOn, p.email))) continue;
    const language = languageOf(p.language);
    const dates = await datesFor(ctx, { lang: language, document: true });
    const place = ctx.property?.name ?? '';
    const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
      template: 'permit-expiry-reminder',
      unsubscribe: unsubscribeLink(ctx),
      to: p.email,
      language,
      propertyId: ctx.propertyId,
      place,
      values: {
        name: p.fullName,
        place,
        plate: p.plate ?? '',
        code: p.code,
        ends: dates.day(p.endsOn),
        days: Number(p.days),
        url: `${areaOrigin(ctx)}/my/permits/${p.id}/show`,
      },
    });
    // A mail whose wake-up fails is still in the outbox; the outbox sweep sends it.
    ctx.afterCommit(() => wake().catch(() => undefined));
    sent += 1;
    await run.afterMail?.(ctx.propertyId);
  }
  return sent;
}

/**
 * The visitor permits valid, not deleted, still running, whose end falls within `days` of today in the property's
 * zone, mailed to the resident who hosts the visitor. A permit no longer than the window (a day's permit with a
 * reminder a day ahead) is not reminded: its host has just made it.
 */
async function remindVisitors(
  ctx: Scope,
  zone: string,
  now: Date,
  today: string,
  days: number,
  run: ReminderRun,
): Promise<number> {
  const endDay = sql`(${visitors.validUntil} at time zone ${zone})::date`;
  const due = await ctx.tx
    .select({
      id: visitors.id,
      code: visitors.permitCode,
      name: visitors.name,
      plate: visitors.plate,
      validUntil: visitors.validUntil,
      endsOn: sql<string>`to_char(${endDay}, 'YYYY-MM-DD')`,
      days: sql<number>`(${endDay} - ${today}::date)::int`,
      email: tenantUsers.email,
      fullName: tenantUsers.fullName,
      language: tenantUsers.language,
    })
    .from(visitors)
    .innerJoin(
      residents,
      and(eq(residents.propertyId, visitors.propertyId), eq(residents.id, visitors.residentId)),
    )
    .innerJoin(
      tenantUsers,
      and(eq(tenantUsers.propertyId, visitors.propertyId), eq(tenantUsers.id, visitors.residentId)),
    )
    .where(
      and(
        eq(visitors.propertyId, ctx.propertyId),
        eq(visitors.permitStatus, 'valid'),
        isNull(visitors.deletedAt),
        isNull(residents.deletedAt),
        sql`${visitors.validUntil} > ${now.toISOString()}::timestamptz`,
        sql`${endDay} <= ${today}::date + ${days}::int`,
        sql`(${visitors.validFrom} is null or ${visitors.validFrom} < ${visitors.validUntil} - make_interval(days => ${days}::int))`,
      ),
    )
    .orderBy(visitors.id);
  let sent = 0;
  for (const v of due) {
    if (!v.email || !v.validUntil) continue;
    if (!(await claim(ctx, 'visitor', v.id, v.endsOn, v.email))) continue;
    const language = languageOf(v.language);
    const dates = await datesFor(ctx, { lang: language, document: true });
    const place = ctx.property?.name ?? '';
    const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
      template: 'visitor-permit-expiry-reminder',
      unsubscribe: unsubscribeLink(ctx),
      to: v.email,
      language,
      propertyId: ctx.propertyId,
      place,
      values: {
        name: v.fullName,
        place,
        visitor: visitorText(v.name),
        plate: visitorText(v.plate),
        code: v.code ?? '',
        ends: dates.instant(v.validUntil),
        days: Number(v.days),
        url: `${areaOrigin(ctx)}/my/visitors/${v.id}/show`,
      },
    });
    ctx.afterCommit(() => wake().catch(() => undefined));
    sent += 1;
    await run.afterMail?.(ctx.propertyId);
  }
  return sent;
}

/**
 * One property's reminders, in one transaction: every ledger row with its mail, or none of them (a run that fails
 * part-way leaves nothing behind, and the next run sends them all, once).
 */
async function remindProperty(services: Services, propertyId: number, now: Date, run: ReminderRun) {
  return inScope(services, { area: 'tenant', propertyId }, async (ctx) => {
    const settings = await propertySettingsOf(ctx);
    const zone = (await datesFor(ctx)).zone;
    const res: unknown = await ctx.tx.execute(
      sql`select to_char((${now.toISOString()}::timestamptz at time zone ${zone})::date, 'YYYY-MM-DD') as today`,
    );
    const today = (res as { rows: { today: string }[] }).rows[0]!.today;
    let sent = 0;
    const { expiryReminderDays: permitDays } = settings.residentPermits;
    const { expiryReminderDays: visitorDays } = settings.visitorPermits;
    if (permitDays > 0) sent += await remindPermits(ctx, today, permitDays, run);
    if (visitorDays > 0) sent += await remindVisitors(ctx, zone, now, today, visitorDays, run);
    return sent;
  });
}

/**
 * The job (hourly): every active property with a reminder setting above 0 whose local time has reached
 * REMINDER_HOUR, each in its own tenant scope and transaction. A property that fails does not stop the others; the
 * run then fails (pg-boss retries it) and the ledger keeps what was sent from being sent again.
 */
export async function sendExpiryReminders(services: Services, run: ReminderRun = {}): Promise<number> {
  const now = run.now ?? new Date();
  const local = sql`(${now.toISOString()}::timestamptz at time zone coalesce(${properties.timezone}, 'UTC'))`;
  const candidates = await services.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select({ id: properties.id, settings: properties.settings })
      .from(properties)
      .where(and(eq(properties.active, true), sql`extract(hour from ${local}) >= ${REMINDER_HOUR}`))
      .orderBy(properties.id),
  );
  const due = candidates.filter(({ settings }) => {
    const s = propertySettingsSchema.safeParse(settings ?? {});
    return (
      s.success &&
      (s.data.residentPermits.expiryReminderDays > 0 || s.data.visitorPermits.expiryReminderDays > 0)
    );
  });
  let sent = 0;
  const failures: unknown[] = [];
  for (const { id } of due) {
    try {
      sent += await remindProperty(services, id, now, run);
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1)
    throw new AggregateError(failures, `expiry reminders failed for ${failures.length} properties`);
  return sent;
}
