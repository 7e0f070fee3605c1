import {
  documentKindLabel,
  RESIDENT_LINK_DONE_MINUTES,
  type PublicResident,
  type ResidentStatus,
  type publicResidentRegisterBody,
  type residentSignatureBody,
} from '@parkade/contract';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword, tokenHash } from '../../platform/auth';
import { passwordChanged } from '../auth/service';
import { guardUnique } from '../../platform/crud';
import { HttpError, invalid } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { propertyTimeZone } from '../properties/dates';
import { tenantUsers } from '../users/table';
import { plainText, renderedDocument, residentDocumentPdf, signedAgreementColumns } from '../documents/output';
import { getResident, NO_PASSWORD, refreshResidentSearch } from './service';
import { USER_UNIQUE } from './write';
import { residents } from './table';

const linkInvalid = () => new HttpError(404, 'residents.link.invalid');
const linkUsed = () => new HttpError(410, 'residents.link.used');

/**
 * The resident this link names (and, for `{id}` paths, the id must be theirs); 404 otherwise. A link used up
 * (registered and signed through it) answers 410 — except, with `afterUse`, the signed agreement's download in the
 * minutes after signing.
 */
async function holder(ctx: Scope, token: string, id?: number, afterUse = false) {
  const [row] = await ctx.tx
    .select({
      id: residents.id,
      status: residents.status,
      signedAt: residents.signedAt,
      registeredAt: residents.registeredAt,
      linkExpiresAt: residents.linkExpiresAt,
      linkUsedAt: residents.linkUsedAt,
      passwordHash: tenantUsers.passwordHash,
    })
    .from(residents)
    .innerJoin(
      tenantUsers,
      and(eq(tenantUsers.propertyId, residents.propertyId), eq(tenantUsers.id, residents.id)),
    )
    .where(
      and(
        eq(residents.propertyId, ctx.propertyId),
        eq(residents.linkTokenHash, tokenHash(token)),
        gt(residents.linkExpiresAt, new Date()),
        isNull(residents.deletedAt),
      ),
    );
  if (!row || (id !== undefined && row.id !== id)) throw linkInvalid();
  if (row.linkUsedAt) {
    const graceEnds = row.linkUsedAt.getTime() + RESIDENT_LINK_DONE_MINUTES * 60_000;
    if (!afterUse || Date.now() > graceEnds) throw linkUsed();
  }
  return row;
}

/**
 * Once the resident has both registered and signed, the link is used up: it opens nothing more (a later visit shows
 * the error view), except the signed PDF for RESIDENT_LINK_DONE_MINUTES.
 */
async function useUpWhenDone(ctx: Scope, id: number) {
  const now = new Date();
  await ctx.tx
    .update(residents)
    .set({ linkUsedAt: now })
    .where(
      and(
        eq(residents.propertyId, ctx.propertyId),
        eq(residents.id, id),
        isNotNull(residents.registeredAt),
        isNotNull(residents.signedAt),
        isNull(residents.linkUsedAt),
      ),
    );
}

type LinkHolder = Awaited<ReturnType<typeof holder>>;

/** What the resident's page shows: their details, units, password and signing state, and the agreement's text. */
async function answer(ctx: Scope, link: LinkHolder): Promise<PublicResident> {
  const resident = await getResident(ctx, link.id);
  const document = await renderedDocument(ctx, 'permit-agreement', resident.id);
  return {
    id: resident.id,
    fullName: resident.fullName,
    email: resident.email,
    phone: resident.phone,
    language: resident.language,
    status: resident.status,
    propertyName: ctx.property?.name ?? '',
    propertyCountry: ctx.property?.country ?? null,
    propertyTimezone: await propertyTimeZone(ctx),
    units: (resident.units ?? []).map((x) => `${x.buildingName} · ${x.name}`),
    hasPassword: link.passwordHash !== NO_PASSWORD,
    registered: !!link.registeredAt,
    signedAt: resident.signedAt,
    agreement: {
      title: t(document.language, documentKindLabel('permit-agreement')),
      text: plainText({ type: 'doc', content: [...document.header.content, ...document.body.content] }),
      document,
    },
    linkExpiresAt: (link.linkExpiresAt ?? new Date()).toISOString(),
  };
}

/** GET /public/residents/token/{token}, GET /public/residents/{id}?token= */
export async function publicResident(ctx: Scope, token: string, id?: number): Promise<PublicResident> {
  return answer(ctx, await holder(ctx, token, id));
}

/**
 * POST /public/residents: the resident completes their details through their link; a resident without a
 * password must choose one here (they can sign in afterwards).
 */
export async function registerResident(
  ctx: Scope,
  body: z.output<typeof publicResidentRegisterBody>,
): Promise<PublicResident> {
  const r = await holder(ctx, body.token);
  const needsPassword = r.passwordHash === NO_PASSWORD;
  // The link sets a first password only: an account that has one changes it by signing in or by a reset link
  // sent to its mailbox, never by whoever holds this link.
  if (!needsPassword && body.password)
    throw invalid({ password: [{ key: 'residents.link.passwordExists' }] });
  if (needsPassword && !body.password) throw invalid({ password: [{ key: 'validation.required' }] });
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const before = await getResident(ctx, r.id);
  await guardUnique(USER_UNIQUE, () =>
    ctx.tx
      .update(tenantUsers)
      .set({
        fullName: body.fullName,
        phone: body.phone ?? null,
        language: body.language,
        updatedAt: new Date(),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, r.id))),
  );
  await ctx.tx
    .update(residents)
    .set({ registeredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, r.id)));
  await refreshResidentSearch(ctx.tx, ctx.propertyId, [r.id]);
  if (passwordHash)
    await passwordChanged(ctx.tx, { area: 'tenant', propertyId: ctx.propertyId, userId: r.id });
  await ctx.audit({
    entity: 'residents',
    entityId: r.id,
    action: 'register',
    old: { fullName: before.fullName, phone: before.phone, language: before.language },
    new: {
      fullName: body.fullName,
      phone: body.phone ?? null,
      language: body.language,
      ...(passwordHash ? { password: '(changed)' } : {}),
    },
  });
  const link = await holder(ctx, body.token);
  await useUpWhenDone(ctx, r.id);
  return answer(ctx, link);
}

/** GET /public/residents/agreement/{id}?token=: the agreement PDF, signed or not. */
export async function publicAgreementPdf(ctx: Scope, id: number, token: string) {
  await holder(ctx, token, id, true);
  return residentDocumentPdf(ctx, 'permit-agreement', id);
}

/**
 * PUT /public/residents/agreement/signature/{id}?token=: stores the drawn signature and when; a resident who was waiting
 * for the parking policies becomes active. An agreement is signed once (a new one needs staff).
 */
export async function signAgreement(
  ctx: Scope,
  id: number,
  token: string,
  body: z.output<typeof residentSignatureBody>,
): Promise<PublicResident> {
  const r = await holder(ctx, token, id);
  if (r.signedAt) throw new HttpError(409, 'residents.signature.alreadySigned');
  const status: ResidentStatus =
    r.status === 'pending-parking-policies' ? 'active' : (r.status as ResidentStatus);
  const now = new Date();
  // The version read, the snapshot that draws its PDF again and that PDF's SHA-256 (decision 0042).
  const signed = await signedAgreementColumns(ctx, id, body.signature, now);
  await ctx.tx
    .update(residents)
    .set({ signature: body.signature, signedAt: now, status, updatedAt: now, ...signed })
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, id)));
  await ctx.audit({
    entity: 'residents',
    entityId: id,
    action: 'sign-agreement',
    old: { status: r.status, signedAt: null },
    new: {
      status,
      signedAt: now.toISOString(),
      agreementVersion: signed.agreementVersion,
      sha256: signed.agreementSha256,
    },
  });
  await useUpWhenDone(ctx, id);
  return answer(ctx, { ...r, signedAt: now });
}
