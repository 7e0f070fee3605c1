import {
  BULK_MAIL_VARIABLES,
  isLanguage,
  unknownVariables,
  type EmailRecipient,
  type EmailSend,
  type EmailSendBody,
  type EmailSendCounts,
  type EmailSendPreviewBody,
  type Language,
  type RecipientState,
  type RenderedMail,
} from '@parkade/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { HttpError, invalid, notFound, type FieldMessage } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { languagesOf } from '../../platform/languages';
import type { Scope } from '../../platform/scope';
import { renderMailText, withPreviewLogo } from '../email-templates/render';
import { areaOrigin } from '../auth/service';
import { previewDocument, residentDocumentBytes } from '../documents/output';
import { getResident, propertySettingsOf } from '../residents/service';
import { writeRecipients } from './recipients';
import { emailSendRecipients, emailSends } from './table';

export const BULK_QUEUE = 'bulk-mail-send';

type Texts = Partial<Record<Language, { subject: string; body: string }>>;

/** A variable a bulk mail does not offer, named with those it does, where it is (`texts.es.body`). */
export function textErrors(ctx: Scope, texts: Texts): Record<string, FieldMessage[]> {
  const allowed = BULK_MAIL_VARIABLES as readonly string[];
  const named = allowed.map((a) => `{{${a}}}`).join(', ');
  const fields: Record<string, FieldMessage[]> = {};
  for (const [language, text] of Object.entries(texts)) {
    if (!text) continue;
    if (!languagesOf(ctx).includes(language as Language)) {
      fields[`texts.${language}`] = [{ key: 'emailsSender.languageNotOffered' }];
      continue;
    }
    for (const part of ['subject', 'body'] as const) {
      const unknown = unknownVariables(text[part], allowed);
      if (unknown.length)
        fields[`texts.${language}.${part}`] = unknown.map((v) => ({
          key: 'emailTemplates.unknownVariable',
          params: { variable: `{{${v}}}`, allowed: named },
        }));
    }
  }
  return fields;
}

/** The text a recipient gets: their language's, else the property's first language that has one. */
export function textFor(ctx: Scope | { languages: Language[] }, texts: Texts, language: string) {
  const order = 'languages' in ctx ? ctx.languages : languagesOf(ctx);
  const own = isLanguage(language) ? texts[language] : undefined;
  if (own) return { language: language as Language, text: own };
  for (const l of [...order, 'en' as const, 'es' as const, 'zh' as const])
    if (texts[l]) return { language: l, text: texts[l] };
  throw new HttpError(422, 'emailsSender.textRequired');
}

/** A recipient's mail: the text with their values, the unsubscribe line, the product's layout. */
export function renderBulkMail(
  text: { subject: string; body: string },
  language: Language,
  values: Record<string, string>,
  place: string,
  unsubscribeUrl: string,
): RenderedMail {
  const body = `${text.body}\n\n${t(language, 'emailsSender.unsubscribeLine', { link: '{{unsubscribe}}' })}`;
  return renderMailText(
    { subject: text.subject, body },
    language,
    { ...values, unsubscribe: unsubscribeUrl },
    place,
  );
}

/** POST /emails-sender/preview: the mail as one resident (or the sample) gets it, in a language, with the logo. */
export const previewBulkMail = async (ctx: Scope, body: EmailSendPreviewBody) =>
  withPreviewLogo(ctx, await bulkMailAs(ctx, body));

/** The mail as one resident (or the sample) gets it, in a language, its logo's place left for the sender to fill. */
export async function bulkMailAs(ctx: Scope, body: EmailSendPreviewBody) {
  const fields = textErrors(ctx, body.texts);
  if (Object.keys(fields).length) throw invalid(fields);
  const place = ctx.property?.name ?? '';
  let values: Record<string, string> = {
    name: 'Alex Morgan',
    email: 'alex.morgan@example.com',
    unit: `${t(body.language, 'documents.sample.building')} 204`,
    building: t(body.language, 'documents.sample.building'),
    place,
  };
  if (body.residentId) {
    const r = await getResident(ctx, body.residentId);
    const units = r.units ?? [];
    values = {
      name: r.fullName,
      email: r.email ?? '',
      unit: units.map((u) => `${u.buildingName} ${u.name}`).join(', '),
      building: [...new Set(units.map((u) => u.buildingName))].join(', '),
      place,
    };
  }
  const { language, text } = textFor(ctx, body.texts, body.language);
  const mail = renderBulkMail(
    text,
    language,
    values,
    place,
    `${areaOrigin(ctx)}/api/unsubscribe?token=sample`,
  );
  // Each attachment as this reader gets it: their own PDF (or the sample's), its name and size.
  const attachments = [];
  for (const kind of body.attachments ?? []) {
    const { name } = attachmentName(kind, language);
    const bytes = body.residentId
      ? await residentDocumentBytes(ctx, kind, body.residentId)
      : (await previewDocument(ctx, kind, { language })).body;
    attachments.push({ name, size: bytes.length });
  }
  return { ...mail, attachments };
}

export const attachmentName = (kind: string, language: Language) => ({
  name: `${t(language, `documents.kind.${kind}`)}.pdf`,
});

/**
 * POST /emails-sender: the send and its recipients, in one transaction (the reachable residents the filters choose,
 * each once), then its job. Nothing is sent by this request: the job sends at the property's rate.
 */
export async function createSend(ctx: Scope, body: EmailSendBody): Promise<EmailSend> {
  const texts = body.texts as Texts;
  const fields = textErrors(ctx, texts);
  if (Object.keys(fields).length) throw invalid(fields);
  const settings = await propertySettingsOf(ctx);
  const first = textFor(ctx, texts, languagesOf(ctx)[0]!);
  const [send] = await ctx.tx
    .insert(emailSends)
    .values({
      propertyId: ctx.propertyId,
      subject: first.text.subject.slice(0, 255),
      texts: texts as Record<string, { subject: string; body: string }>,
      filters: body.filters,
      attachments: body.attachments ?? [],
      ratePerMinute: settings.other.bulkMailPerMinute,
      createdBy: ctx.session?.user.fullName ?? null,
    })
    .returning({ id: emailSends.id });
  const id = send!.id;
  const count = await writeRecipients(ctx, id, body.filters);
  if (!count) throw invalid({ filters: [{ key: 'emailsSender.noRecipients' }] });
  await ctx.audit({
    entity: 'email_sends',
    entityId: id,
    action: 'send',
    new: { subject: first.text.subject, recipients: count, attachments: (body.attachments ?? []).join(', ') },
  });
  const propertyId = ctx.propertyId;
  ctx.afterCommit(() => ctx.services.jobs.send(BULK_QUEUE, { propertyId, sendId: id }, { retryLimit: 10 }));
  return showSend(ctx, id);
}

const zeroCounts = (): EmailSendCounts => ({
  total: 0,
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  cancelled: 0,
  retried: 0,
});

/** Each send's recipients by state. */
export async function countsOf(ctx: Scope, ids: number[]): Promise<Map<number, EmailSendCounts>> {
  const out = new Map<number, EmailSendCounts>(ids.map((i) => [i, zeroCounts()]));
  if (!ids.length) return out;
  const rows = await ctx.tx
    .select({
      sendId: emailSendRecipients.sendId,
      state: emailSendRecipients.state,
      n: sql<number>`count(*)::int`,
      retried: sql<number>`count(*) filter (where ${emailSendRecipients.attempts} > 1)::int`,
    })
    .from(emailSendRecipients)
    .where(and(eq(emailSendRecipients.propertyId, ctx.propertyId), inArray(emailSendRecipients.sendId, ids)))
    .groupBy(emailSendRecipients.sendId, emailSendRecipients.state);
  for (const r of rows) {
    const c = out.get(r.sendId)!;
    c[r.state as RecipientState] += r.n;
    c.total += r.n;
    c.retried += r.retried;
  }
  return out;
}

type SendRow = typeof emailSends.$inferSelect;
const toItem = (r: SendRow, counts: EmailSendCounts): EmailSend => ({
  id: r.id,
  state: r.state as EmailSend['state'],
  subject: r.subject,
  texts: r.texts,
  filters: r.filters,
  attachments: r.attachments,
  counts,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  ratePerMinute: r.ratePerMinute,
});

async function sendRow(ctx: Scope, id: number): Promise<SendRow> {
  const [row] = await ctx.tx
    .select()
    .from(emailSends)
    .where(and(eq(emailSends.propertyId, ctx.propertyId), eq(emailSends.id, id)));
  if (!row) throw notFound('email_sends');
  return row;
}

/** GET /emails-sender/{id} */
export async function showSend(ctx: Scope, id: number): Promise<EmailSend> {
  const row = await sendRow(ctx, id);
  return toItem(row, (await countsOf(ctx, [id])).get(id)!);
}

const page = (query: Record<string, unknown>, max: number) => {
  const p = Math.max(1, Math.floor(Number(query.page) || 1));
  const size = Math.min(max, Math.max(1, Math.floor(Number(query.pageSize) || 20)));
  return { page: p, pageSize: size, offset: (p - 1) * size };
};

/** GET /emails-sender: the property's sends, newest first. */
export async function listSends(ctx: Scope, query: Record<string, unknown>) {
  const { page: p, pageSize, offset } = page(query, 100);
  const rows = await ctx.tx
    .select()
    .from(emailSends)
    .where(eq(emailSends.propertyId, ctx.propertyId))
    .orderBy(desc(emailSends.id))
    .limit(pageSize)
    .offset(offset);
  const [total] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(emailSends)
    .where(eq(emailSends.propertyId, ctx.propertyId));
  const counts = await countsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toItem(r, counts.get(r.id)!)), total: total?.n ?? 0, page: p, pageSize };
}

/** GET /emails-sender/{id}/recipients?state= */
export async function listRecipients(ctx: Scope, id: number, query: Record<string, unknown>) {
  await sendRow(ctx, id);
  const { page: p, pageSize, offset } = page(query, 200);
  const state = typeof query.state === 'string' && query.state ? query.state : null;
  const where = and(
    eq(emailSendRecipients.propertyId, ctx.propertyId),
    eq(emailSendRecipients.sendId, id),
    ...(state ? [eq(emailSendRecipients.state, state)] : []),
  );
  const rows = await ctx.tx
    .select()
    .from(emailSendRecipients)
    .where(where)
    .orderBy(emailSendRecipients.name, emailSendRecipients.residentId)
    .limit(pageSize)
    .offset(offset);
  const [total] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(emailSendRecipients)
    .where(where);
  const data: EmailRecipient[] = rows.map((r) => ({
    residentId: r.residentId,
    name: r.name,
    email: r.email,
    language: r.language,
    state: r.state as RecipientState,
    attempts: r.attempts,
    error: r.error,
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
  return { data, total: total?.n ?? 0, page: p, pageSize };
}

/** POST /emails-sender/{id}/cancel: the recipients not yet sent to are not sent to (those being sent finish). */
export async function cancelSend(ctx: Scope, id: number): Promise<EmailSend> {
  const row = await sendRow(ctx, id);
  if (row.state === 'done' || row.state === 'cancelled') throw new HttpError(409, 'emailsSender.notRunning');
  const cancelled = await ctx.tx
    .update(emailSendRecipients)
    .set({ state: 'cancelled' })
    .where(
      and(
        eq(emailSendRecipients.propertyId, ctx.propertyId),
        eq(emailSendRecipients.sendId, id),
        eq(emailSendRecipients.state, 'queued'),
      ),
    )
    .returning({ id: emailSendRecipients.residentId });
  await ctx.tx
    .update(emailSends)
    .set({ state: 'cancelled', finishedAt: new Date() })
    .where(and(eq(emailSends.propertyId, ctx.propertyId), eq(emailSends.id, id)));
  await ctx.audit({
    entity: 'email_sends',
    entityId: id,
    action: 'cancel',
    new: { cancelled: cancelled.length },
  });
  return showSend(ctx, id);
}

/** POST /emails-sender/{id}/resend-failed: the failed recipients are queued again, and the send runs again. */
export async function resendFailed(ctx: Scope, id: number): Promise<EmailSend> {
  const row = await sendRow(ctx, id);
  if (row.state === 'queued' || row.state === 'sending')
    throw new HttpError(409, 'emailsSender.stillRunning');
  const again = await ctx.tx
    .update(emailSendRecipients)
    .set({ state: 'queued', attempts: 0 })
    .where(
      and(
        eq(emailSendRecipients.propertyId, ctx.propertyId),
        eq(emailSendRecipients.sendId, id),
        eq(emailSendRecipients.state, 'failed'),
      ),
    )
    .returning({ id: emailSendRecipients.residentId });
  if (!again.length) throw new HttpError(409, 'emailsSender.noneFailed');
  await ctx.tx
    .update(emailSends)
    .set({ state: 'queued', finishedAt: null })
    .where(and(eq(emailSends.propertyId, ctx.propertyId), eq(emailSends.id, id)));
  await ctx.audit({
    entity: 'email_sends',
    entityId: id,
    action: 'resend-failed',
    new: { recipients: again.length },
  });
  const propertyId = ctx.propertyId;
  ctx.afterCommit(() => ctx.services.jobs.send(BULK_QUEUE, { propertyId, sendId: id }, { retryLimit: 10 }));
  return showSend(ctx, id);
}
