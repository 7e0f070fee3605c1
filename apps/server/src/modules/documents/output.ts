import { createHash } from 'node:crypto';
import {
  DOCUMENT_KINDS,
  documentKindLabel,
  formatDay,
  INTL_LOCALES,
  renderTemplate,
  type DocBlock,
  type DocContent,
  type DocInline,
  type DocumentKind,
  type DocumentPreviewBody,
  type DocumentText,
  type Language,
  type RenderedDocument,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { HttpError, invalid } from '../../platform/errors';
import type { FileAnswer } from '../../platform/file-answer';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { contentDisposition } from '../files/service';
import { propertyLogoImage } from '../properties/logo';
import { getResident, propertySettingsOf } from '../residents/service';
import { residents } from '../residents/table';
import { drawDocument, type DrawInput, type SignatureBlock } from './pdf';
import {
  canonical,
  currentVersion,
  textErrors,
  textIn,
  versionDate,
  versionOf,
  versionToSign,
  type Version,
} from './service';
import { documentAssets } from './table';
import { residentValues, sampleValues, type DocValues, type SignedSnapshot } from './values';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const pdfAnswer = (name: string, bytes: Buffer, disposition: 'inline' | 'attachment'): FileAnswer => ({
  body: bytes,
  contentType: 'application/pdf',
  disposition: contentDisposition(name, disposition),
});

const title = (kind: DocumentKind, lang: Language) => t(lang, documentKindLabel(kind));

function unsignedBlock(kind: DocumentKind, lang: Language, values: DocValues): SignatureBlock | null {
  if (!DOCUMENT_KINDS[kind].signed) return null;
  return {
    image: null,
    line: t(lang, 'residents.agreement.unsigned'),
    who: [values.residentName, values.residentEmail].filter(Boolean).join(' · '),
  };
}

/** The PDF of a version for the sample values. */
async function sampleInput(ctx: Scope, v: Version, lang: Language): Promise<DrawInput> {
  const values = await sampleValues(ctx, v.kind, await propertySettingsOf(ctx), lang);
  return {
    lang,
    text: textIn(v, lang),
    layout: v.layout,
    values,
    logo: (await propertyLogoImage(ctx))?.bytes ?? null,
    signature: unsignedBlock(v.kind, lang, values),
    createdAt: versionDate(v),
    title: title(v.kind, lang),
  };
}

/** The PDF of a version for one resident today (not signed), read in `lang`. */
async function residentInput(ctx: Scope, v: Version, residentId: number, lang: Language): Promise<DrawInput> {
  const resident = await getResident(ctx, residentId);
  const values = await residentValues(ctx, v.kind, resident, await propertySettingsOf(ctx), lang);
  return {
    lang,
    text: textIn(v, lang),
    layout: v.layout,
    values,
    logo: (await propertyLogoImage(ctx))?.bytes ?? null,
    signature: unsignedBlock(v.kind, lang, values),
    createdAt: versionDate(v),
    title: title(v.kind, lang),
  };
}

/**
 * POST /documents/{kind}/preview: the PDF of a text (saved or not) for the sample values or one resident. Without a
 * draft — or with one equal to the current version — it is the current version's PDF: for a resident, the same
 * bytes as their download (while they have not signed it).
 */
export async function previewDocument(ctx: Scope, kind: DocumentKind, body: DocumentPreviewBody) {
  const current = await currentVersion(ctx, kind);
  let version = current;
  if (body.draft) {
    const fields = textErrors(ctx, kind, body.draft.texts);
    if (Object.keys(fields).length) throw invalid(fields);
    const draftText = body.draft.texts[body.language] as DocumentText | undefined;
    const unchanged =
      canonical(body.draft.layout) === canonical(current.layout) &&
      (!draftText || canonical(draftText) === canonical(textIn(current, body.language)));
    if (!unchanged)
      version = {
        ...current,
        layout: body.draft.layout,
        texts: { ...current.texts, ...(draftText ? { [body.language]: draftText } : {}) },
        createdAt: new Date(),
      };
  }
  const input = body.residentId
    ? await residentInput(ctx, version, body.residentId, body.language)
    : await sampleInput(ctx, version, body.language);
  return pdfAnswer(`${title(kind, body.language)}.pdf`, await drawDocument(input), 'inline');
}

interface SignedRow {
  agreementVersion: number | null;
  agreementSnapshot: SignedSnapshot | null;
  signature: string | null;
  signedAt?: Date | null;
}

const signatureImage = (signature: string | null) => {
  const m = /^data:image\/png;base64,(.+)$/.exec(signature ?? '');
  return m ? Buffer.from(m[1]!, 'base64') : null;
};

/** The signed agreement's PDF, drawn from its version and the snapshot kept with the signature. */
async function signedPdf(
  ctx: Scope,
  row: SignedRow & { agreementVersion: number; agreementSnapshot: SignedSnapshot },
) {
  const kind: DocumentKind = 'permit-agreement';
  const v = await versionOf(ctx, kind, row.agreementVersion);
  const snap = row.agreementSnapshot;
  let logo: Buffer | null = null;
  if (snap.logoSha256) {
    const [asset] = await ctx.tx
      .select({ bytes: documentAssets.bytes })
      .from(documentAssets)
      .where(and(eq(documentAssets.propertyId, ctx.propertyId), eq(documentAssets.sha256, snap.logoSha256)));
    logo = asset?.bytes ?? null;
  }
  return drawDocument({
    lang: snap.language,
    text: textIn(v, snap.language),
    layout: v.layout,
    values: snap.values,
    logo,
    signature: {
      image: signatureImage(row.signature),
      line: snap.signedLine,
      who: [snap.values.residentName, snap.values.residentEmail].filter(Boolean).join(' · '),
    },
    createdAt: new Date(snap.createdAt),
    title: title(kind, snap.language),
  });
}

async function signedRow(ctx: Scope, id: number): Promise<SignedRow> {
  const [row] = await ctx.tx
    .select({
      agreementVersion: residents.agreementVersion,
      agreementSnapshot: residents.agreementSnapshot,
      signature: residents.signature,
      signedAt: residents.signedAt,
    })
    .from(residents)
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, id)));
  if (!row) throw new HttpError(404, 'residents.notFound');
  return row;
}

/** The PDF bytes of a resident's document: what they signed, else the current version for them today. */
export async function residentDocumentBytes(ctx: Scope, kind: DocumentKind, id: number): Promise<Buffer> {
  if (DOCUMENT_KINDS[kind].signed) {
    const row = await signedRow(ctx, id);
    if (row.agreementVersion !== null && row.agreementSnapshot)
      return signedPdf(ctx, {
        ...row,
        agreementVersion: row.agreementVersion,
        agreementSnapshot: row.agreementSnapshot,
      });
  }
  const resident = await getResident(ctx, id);
  const lang = resident.language as Language;
  const v = await currentVersion(ctx, kind);
  const input = await residentInput(ctx, v, id, lang);
  // Signed before the agreement was a versioned document (no snapshot kept): today's text, with their signature.
  const legacy = DOCUMENT_KINDS[kind].signed ? await signedRow(ctx, id) : null;
  if (legacy?.signedAt && input.signature)
    input.signature = {
      ...input.signature,
      image: signatureImage(legacy.signature),
      line: t(lang, 'residents.agreement.signed', {
        date: formatDay(legacy.signedAt, {
          intlLocale: INTL_LOCALES[lang],
          timeZone: ctx.property?.timeZone ?? 'UTC',
        }),
      }),
    };
  return drawDocument(input);
}

/** GET /residents/{id}/download/{parkingPolicies|agreement} */
export async function residentDocumentPdf(ctx: Scope, kind: DocumentKind, id: number): Promise<FileAnswer> {
  const name = kind === 'permit-agreement' ? `permit-agreement-${id}.pdf` : `parking-policies-${id}.pdf`;
  return pdfAnswer(name, await residentDocumentBytes(ctx, kind, id), 'attachment');
}

/**
 * Signing (decision 0042): the version the resident read (written first when it is the shipped default), the
 * snapshot its PDF is drawn from (values, language, the logo kept as an asset), and the SHA-256 of that PDF —
 * the columns the signature's update writes.
 */
export async function signedAgreementColumns(ctx: Scope, id: number, signature: string, signedAt: Date) {
  const kind: DocumentKind = 'permit-agreement';
  const resident = await getResident(ctx, id);
  const lang = resident.language as Language;
  const v = await versionToSign(ctx, kind);
  const values = await residentValues(ctx, kind, resident, await propertySettingsOf(ctx), lang);
  const logo = v.layout.logo === 'none' ? null : await propertyLogoImage(ctx);
  const logoSha256 = logo ? sha256(logo.bytes) : null;
  if (logo && logoSha256)
    await ctx.tx
      .insert(documentAssets)
      .values({ propertyId: ctx.propertyId, sha256: logoSha256, mimeType: logo.mimeType, bytes: logo.bytes })
      .onConflictDoNothing();
  const zone = ctx.property?.timeZone ?? 'UTC';
  const snapshot: SignedSnapshot = {
    language: lang,
    values,
    logoSha256,
    createdAt: signedAt.toISOString(),
    signedLine: t(lang, 'residents.agreement.signed', {
      date: formatDay(signedAt, { intlLocale: INTL_LOCALES[lang], timeZone: zone }),
    }),
  };
  const bytes = await signedPdf(ctx, { agreementVersion: v.version, agreementSnapshot: snapshot, signature });
  return { agreementVersion: v.version, agreementSnapshot: snapshot, agreementSha256: sha256(bytes) };
}

/** Whether a signed agreement's PDF, drawn again now, still has the hash stored with its signature. */
export async function verifySignedAgreement(ctx: Scope, id: number): Promise<boolean> {
  const [row] = await ctx.tx
    .select({
      agreementVersion: residents.agreementVersion,
      agreementSnapshot: residents.agreementSnapshot,
      agreementSha256: residents.agreementSha256,
      signature: residents.signature,
    })
    .from(residents)
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, id)));
  if (!row?.agreementVersion || !row.agreementSnapshot || !row.agreementSha256) return false;
  const bytes = await signedPdf(ctx, {
    ...row,
    agreementVersion: row.agreementVersion,
    agreementSnapshot: row.agreementSnapshot,
  });
  return sha256(bytes) === row.agreementSha256;
}

/** A text with its variables written; `{{signature}}` is dropped (the page has its own signing step). */
function fill(content: DocContent, values: DocValues): DocContent {
  const inl = (n: DocInline): DocInline =>
    n.type === 'text' ? { ...n, text: renderTemplate(n.text, { ...values, signature: '' }) } : n;
  const blk = (b: DocBlock): DocBlock => {
    switch (b.type) {
      case 'paragraph':
      case 'heading':
        return { ...b, content: b.content?.map(inl).filter((n) => n.type !== 'text' || n.text) };
      case 'bulletList':
      case 'orderedList':
        return { ...b, content: b.content.map((i) => ({ ...i, content: i.content.map(blk) })) };
      case 'table':
        return {
          ...b,
          content: b.content.map((r) => ({
            ...r,
            content: r.content.map((c) => ({ ...c, content: c.content.map(blk) })),
          })),
        };
      default:
        return b;
    }
  };
  return { type: 'doc', content: content.content.map(blk) };
}

/** A resident's document as their page shows it: the version they signed, else the current one. */
export async function renderedDocument(
  ctx: Scope,
  kind: DocumentKind,
  id: number,
): Promise<RenderedDocument> {
  const resident = await getResident(ctx, id);
  let lang = resident.language as Language;
  let v: Version;
  let values: DocValues;
  const row = DOCUMENT_KINDS[kind].signed ? await signedRow(ctx, id) : null;
  if (row?.agreementVersion && row.agreementSnapshot) {
    v = await versionOf(ctx, kind, row.agreementVersion);
    lang = row.agreementSnapshot.language;
    values = row.agreementSnapshot.values;
  } else {
    v = await currentVersion(ctx, kind);
    values = await residentValues(ctx, kind, resident, await propertySettingsOf(ctx), lang);
  }
  const text = textIn(v, lang);
  return {
    kind,
    version: v.version,
    language: lang,
    header: fill(text.header, values),
    body: fill(text.body, values),
    footer: fill(text.footer, values),
  };
}

/** A filled text as plain text (a mail's part): headings and paragraphs as lines, list items marked. */
export function plainText(content: DocContent): string {
  const lines: string[] = [];
  const inl = (c: DocInline[] | undefined) =>
    (c ?? []).map((n) => (n.type === 'text' ? n.text : '\n')).join('');
  const blk = (b: DocBlock, prefix = '') => {
    switch (b.type) {
      case 'paragraph':
      case 'heading':
        lines.push(prefix + inl(b.content));
        return;
      case 'bulletList':
      case 'orderedList':
        b.content.forEach((item, i) => {
          const marker = b.type === 'bulletList' ? '• ' : `${(b.attrs?.start ?? 1) + i}. `;
          item.content.forEach((c, j) => blk(c, j === 0 ? prefix + marker : prefix + '   '));
        });
        return;
      case 'table':
        for (const r of b.content)
          lines.push(
            prefix +
              r.content
                .map((c) => c.content.map((x) => plainText({ type: 'doc', content: [x] })).join(' '))
                .join(' | '),
          );
        return;
      case 'pageBreak':
        lines.push('');
    }
  };
  content.content.forEach((b) => blk(b));
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The body of a resident's document as plain text in their language (the policies mail quotes it). */
export async function documentPlainText(ctx: Scope, kind: DocumentKind, id: number): Promise<string> {
  return plainText((await renderedDocument(ctx, kind, id)).body);
}
