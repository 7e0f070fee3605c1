import type { Language } from '@parkade/contract';
import type { Scope } from '../../platform/scope';
import { HttpError } from '../../platform/errors';
import { queueTemplateMail } from '../email-templates/render';
import { resetTwoFactor } from '../two-factor/service';
import { assertNotSelf, userForWrite } from './guards';
import { staffOf } from './service';
import { revokeSessions } from './sessions';

/**
 * POST /users/:id/two-factor/reset (issue 35 §6): someone who may edit a staff user (`users.edit` over them, nothing
 * above the caller; centrally, the central admin over central staff) turns that person's two-factor sign-in off when
 * they lost their phone or a stolen session turned it on. Every session of theirs ends, the change is audited, and
 * they are told by mail in their language, with who did it. Not oneself (turn it off with the password and a code);
 * 409 when two-factor is neither on nor being set up.
 */
export async function resetUserTwoFactor(ctx: Scope, id: number): Promise<void> {
  const user = await userForWrite(ctx, id);
  assertNotSelf(ctx, id, 'users.notYourself');
  const staff = staffOf(ctx);
  const wasOn = await resetTwoFactor(ctx, { area: staff.area, propertyId: staff.propertyId, userId: id });
  if (!wasOn) throw new HttpError(409, 'twoFactor.notEnabled');
  await revokeSessions(ctx, id);
  await ctx.audit({
    entity: staff.entity,
    entityId: id,
    action: 'two-factor.reset',
    old: { twoFactor: true },
    new: { twoFactor: false },
  });
  if (!user.email) return;
  const lang = user.language as Language;
  const place = ctx.property?.name ?? 'Parkade';
  const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
    template: 'two-factor-reset',
    to: user.email,
    language: lang,
    propertyId: staff.propertyId,
    place,
    values: { name: user.fullName, by: ctx.session?.user.fullName ?? 'Parkade', place },
  });
  ctx.afterCommit(wake);
}
