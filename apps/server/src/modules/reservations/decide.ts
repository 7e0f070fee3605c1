import { LANGUAGES, type Language, type ReservationItem } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { updateRow } from '../../platform/crud';
import { HttpError, notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { areaOrigin } from '../auth/service';
import { queueTemplateMail } from '../email-templates/render';
import { datesFor } from '../properties/dates';
import { tenantUsers } from '../users/table';
import { getReservation } from './service';
import { reservations } from './table';

/*
 * Staff decide a resident's pending request (decision 0039 §5): approve (→ confirmed) or reject with a comment
 * (→ rejected, the spot is free again for those dates). Only a pending request is decided; anything else is a 422
 * naming its status. The resident is mailed the decision in their language, as a visitor is mailed theirs.
 */

const own = (ctx: Scope, id: number) =>
  and(eq(reservations.propertyId, ctx.propertyId), eq(reservations.id, id))!;

/** Mails the resident what staff decided, with the link to their reservations. */
async function tellResident(ctx: Scope, r: ReservationItem) {
  const [who] = await ctx.tx
    .select({ email: tenantUsers.email, fullName: tenantUsers.fullName, language: tenantUsers.language })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, r.residentId)));
  if (!who?.email) return;
  const lang = (LANGUAGES as readonly string[]).includes(who.language) ? (who.language as Language) : 'en';
  const place = ctx.property?.name ?? '';
  const approved = r.status === 'confirmed';
  // The days as the recipient reads them, in their language (decision 0039 §12).
  const dates = await datesFor(ctx, { lang, document: true });
  const vars = {
    name: who.fullName,
    place,
    spot: r.spot?.number ?? '',
    from: dates.day(r.startsOn),
    to: dates.day(r.endsOn),
    reason: r.decisionComment ?? '—',
    url: `${areaOrigin(ctx)}/my/reservations`,
  };
  const common = { to: who.email, language: lang, propertyId: ctx.propertyId, place };
  const wake = approved
    ? await queueTemplateMail(ctx.tx, ctx.services.jobs, {
        ...common,
        template: 'reservation-approved',
        values: vars,
      })
    : await queueTemplateMail(ctx.tx, ctx.services.jobs, {
        ...common,
        template: 'reservation-rejected',
        values: vars,
      });
  ctx.afterCommit(wake);
}

/**
 * POST /reservations/:id/approve and /reject. The row is locked and must still be pending (two staff deciding at
 * once: the second is told it is no longer pending). Audited `approve` / `reject`.
 */
export async function decideReservation(
  ctx: Scope,
  id: number,
  decision: 'approve' | 'reject',
  comment: string | null,
): Promise<ReservationItem> {
  const [row] = await ctx.tx
    .select({ status: reservations.status })
    .from(reservations)
    .where(own(ctx, id))
    .for('update');
  if (!row) throw notFound('reservations');
  if (row.status !== 'pending')
    throw new HttpError(422, 'reservations.notPending', {
      status: t(ctx.lang, `reservations.status.${row.status}`),
    });
  await updateRow(
    ctx,
    reservations,
    'reservations',
    and(own(ctx, id), eq(reservations.status, 'pending'))!,
    {
      status: decision === 'approve' ? 'confirmed' : 'rejected',
      decisionComment: decision === 'reject' ? comment : null,
      decidedBy: ctx.session?.user.id ?? null,
      decidedAt: new Date(),
    },
    { action: decision },
  );
  const after = await getReservation(ctx, id);
  await tellResident(ctx, after);
  return after;
}
