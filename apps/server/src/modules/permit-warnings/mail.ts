import { LANGUAGES, type Language } from '@parkade/contract';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { NO_PASSWORD } from '../../platform/auth';
import type { Scope } from '../../platform/scope';
import { areaOrigin } from '../auth/service';
import { queueTemplateMail } from '../email-templates/render';
import { roles } from '../roles';
import { tenantUsers } from '../users/table';

/** Who decides warnings at the property: its active staff (password set) whose role holds permit-warnings.decide. */
async function deciders(ctx: Scope) {
  const u = tenantUsers;
  return ctx.tx
    .select({ email: u.email, fullName: u.fullName, language: u.language })
    .from(u)
    .innerJoin(roles, eq(roles.id, u.roleId))
    .where(
      and(
        eq(u.propertyId, ctx.propertyId),
        eq(u.type, 'tenant-user'),
        eq(u.active, true),
        ne(u.passwordHash, NO_PASSWORD),
        isNotNull(u.email),
        sql`${roles.permissions} @> array['permit-warnings.decide']::text[]`,
      ),
    );
}

export interface WarningRequestMail {
  id: number;
  plate: string;
  officer: string;
  warning: string;
  reason: string;
  where: string | null;
  note: string | null;
}

/**
 * Tells the property's staff who decide warnings that an officer asks to place one: a mail each, in the
 * recipient's language, with the link to the warning's page (the in-app list is /permit-warnings?status=pending).
 * Written to the outbox in the request's transaction; delivered after it commits.
 */
export async function notifyDeciders(ctx: Scope, w: WarningRequestMail) {
  const place = ctx.property?.name ?? '';
  const url = `${areaOrigin(ctx)}/permit-warnings/${w.id}/show`;
  for (const to of await deciders(ctx)) {
    const lang = (LANGUAGES as readonly string[]).includes(to.language) ? (to.language as Language) : 'en';
    const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
      template: 'permit-warning-request',
      to: to.email!,
      language: lang,
      propertyId: ctx.propertyId,
      place,
      values: {
        name: to.fullName,
        officer: w.officer,
        plate: w.plate,
        place,
        warning: w.warning,
        reason: w.reason,
        where: w.where ?? '—',
        note: w.note ?? '—',
        url,
      },
    });
    ctx.afterCommit(wake);
  }
}
