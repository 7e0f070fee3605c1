import {
  DOC_DEPTH_MAX,
  DOC_NODES_MAX,
  DOCUMENT_KIND_KEYS,
  DOCUMENT_KINDS,
  DOCUMENT_PARTS,
  docTexts,
  isDocumentKind,
  unknownVariables,
  type DocContent,
  type DocumentBody,
  type DocumentItem,
  type DocumentKind,
  type DocumentLayout,
  type DocumentSummary,
  type DocumentText,
  type Language,
} from '@parkade/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { HttpError, invalid, type FieldMessage } from '../../platform/errors';
import { languagesOf } from '../../platform/languages';
import type { Scope } from '../../platform/scope';
import { propertySettingsOf } from '../residents/service';
import { residents } from '../residents/table';
import { defaultLayout, defaultText } from './defaults';
import { documentVersions } from './table';
import { sampleValues } from './values';

/** JSON with its keys sorted: PostgreSQL's jsonb stores keys in its own order, so texts are compared this way. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The kind a route names, or 404. */
export function documentKind(kind: string): DocumentKind {
  if (!isDocumentKind(kind)) throw new HttpError(404, 'documents.notFound');
  return kind;
}


/** A version as the renderer needs it; version 0 is the shipped default (nothing saved). */
export interface Version {
  kind: DocumentKind;
  version: number;
  layout: DocumentLayout;
  texts: Partial<Record<string, DocumentText>>;
  createdAt: Date | null;
  createdBy: string | null;
}

const shipped = (kind: DocumentKind): Version => ({
  kind,
  version: 0,
  layout: defaultLayout(),
  texts: {},
  createdAt: null,
  createdBy: null,
});

/** The current version of a kind (the highest saved), or the shipped default. */
export async function currentVersion(ctx: Scope, kind: DocumentKind): Promise<Version> {
  const [row] = await ctx.tx
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.propertyId, ctx.propertyId), eq(documentVersions.kind, kind)))
    .orderBy(desc(documentVersions.version))
    .limit(1);
  return row ? { ...row, kind } : shipped(kind);
}

/** One saved version, or 404. */
export async function versionOf(ctx: Scope, kind: DocumentKind, version: number): Promise<Version> {
  if (version === 0) return shipped(kind);
  const [row] = await ctx.tx
    .select()
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.propertyId, ctx.propertyId),
        eq(documentVersions.kind, kind),
        eq(documentVersions.version, version),
      ),
    );
  if (!row) throw new HttpError(404, 'documents.notFound');
  return { ...row, kind };
}

/** A version's text in a language: its own, else the shipped default of that language. */
export const textIn = (v: Version, lang: Language): DocumentText =>
  v.texts[lang] ?? defaultText(v.kind, lang);

/** The date a version's PDF carries: when it was saved (the default: the start of the epoch, a fixed date). */
export const versionDate = (v: Version) => v.createdAt ?? new Date(0);

async function signatureCounts(ctx: Scope, kind: DocumentKind): Promise<Map<number, number>> {
  if (!DOCUMENT_KINDS[kind].signed) return new Map();
  const rows = await ctx.tx
    .select({ version: residents.agreementVersion, n: sql<number>`count(*)::int` })
    .from(residents)
    .where(eq(residents.propertyId, ctx.propertyId))
    .groupBy(residents.agreementVersion);
  return new Map(rows.filter((r) => r.version !== null).map((r) => [r.version!, r.n]));
}

/** GET /documents */
export async function listDocuments(ctx: Scope): Promise<{ data: DocumentSummary[] }> {
  const data: DocumentSummary[] = [];
  for (const kind of DOCUMENT_KIND_KEYS) {
    const v = await currentVersion(ctx, kind);
    data.push({
      kind,
      signed: DOCUMENT_KINDS[kind].signed,
      version: v.version,
      custom: v.version > 0 && v.createdBy !== null,
      languages: languagesOf(ctx),
      updatedAt: v.createdAt?.toISOString() ?? null,
      updatedBy: v.createdBy,
    });
  }
  return { data };
}

/** GET /documents/{kind}: the current version in each of the property's languages, and every version. */
export async function showDocument(ctx: Scope, kind: DocumentKind): Promise<DocumentItem> {
  const v = await currentVersion(ctx, kind);
  const languages = languagesOf(ctx);
  const rows = await ctx.tx
    .select({
      version: documentVersions.version,
      createdAt: documentVersions.createdAt,
      createdBy: documentVersions.createdBy,
    })
    .from(documentVersions)
    .where(and(eq(documentVersions.propertyId, ctx.propertyId), eq(documentVersions.kind, kind)))
    .orderBy(desc(documentVersions.version));
  const counts = await signatureCounts(ctx, kind);
  const settings = await propertySettingsOf(ctx);
  return {
    kind,
    signed: DOCUMENT_KINDS[kind].signed,
    variables: [...DOCUMENT_KINDS[kind].variables],
    sample: await sampleValues(ctx, kind, settings, ctx.lang),
    languages,
    version: v.version,
    custom: v.version > 0 && v.createdBy !== null,
    layout: v.layout,
    texts: Object.fromEntries(languages.map((l) => [l, textIn(v, l)])),
    defaults: Object.fromEntries(languages.map((l) => [l, defaultText(kind, l)])),
    defaultLayout: defaultLayout(),
    versions: [
      ...rows.map((r) => ({
        version: r.version,
        createdAt: r.createdAt.toISOString(),
        createdBy: r.createdBy,
        signatures: counts.get(r.version) ?? 0,
      })),
      ...(rows.length ? [] : [{ version: 0, createdAt: null, createdBy: null, signatures: 0 }]),
    ],
  };
}

/** The depth and the number of nodes of a text (the schema checks each node; this bounds the whole). */
function size(node: { content?: unknown[] }, depth = 0): { nodes: number; depth: number } {
  let nodes = 1;
  let deepest = depth;
  for (const c of (node.content ?? []) as { content?: unknown[] }[]) {
    const s = size(c, depth + 1);
    nodes += s.nodes;
    deepest = Math.max(deepest, s.depth);
  }
  return { nodes, depth: deepest };
}

/**
 * The field errors of a document's texts: an unknown variable (named, with the variables the kind offers) at
 * `texts.<lang>.<part>`, a text too large or too deeply nested, a language the property does not offer.
 */
export function textErrors(ctx: Scope, kind: DocumentKind, texts: DocumentBody['texts']) {
  const allowed = DOCUMENT_KINDS[kind].variables as readonly string[];
  const named = allowed.map((a) => `{{${a}}}`).join(', ');
  const offered = languagesOf(ctx);
  const fields: Record<string, FieldMessage[]> = {};
  for (const [language, text] of Object.entries(texts)) {
    if (!text) continue;
    if (!offered.includes(language as Language)) {
      fields[`texts.${language}`] = [{ key: 'documents.languageNotOffered' }];
      continue;
    }
    for (const part of DOCUMENT_PARTS) {
      const content = text[part] as DocContent;
      const messages: FieldMessage[] = [];
      for (const v of new Set(docTexts(content).flatMap((s) => unknownVariables(s, allowed))))
        messages.push({ key: 'documents.unknownVariable', params: { variable: `{{${v}}}`, allowed: named } });
      const s = size(content);
      if (s.nodes > DOC_NODES_MAX || s.depth > DOC_DEPTH_MAX)
        messages.push({ key: 'documents.tooLarge', params: { max: DOC_NODES_MAX } });
      if (messages.length) fields[`texts.${language}.${part}`] = messages;
    }
  }
  return fields;
}

/**
 * PUT /documents/{kind}: a new version with the layout and the texts sent (a language not sent keeps the current
 * text). Checked whole before anything is written; an unchanged document writes no version.
 */
export async function saveDocument(
  ctx: Scope,
  kind: DocumentKind,
  body: DocumentBody,
): Promise<DocumentItem> {
  const fields = textErrors(ctx, kind, body.texts);
  if (Object.keys(fields).length) throw invalid(fields);
  const current = await currentVersion(ctx, kind);
  const texts = Object.fromEntries(
    languagesOf(ctx).map((l) => [l, (body.texts[l] as DocumentText | undefined) ?? textIn(current, l)]),
  );
  const same =
    canonical(body.layout) === canonical(current.layout) &&
    Object.entries(texts).every(([l, x]) => canonical(x) === canonical(textIn(current, l as Language)));
  if (!same)
    await writeVersion(ctx, kind, current.version + 1, body.layout, texts, ctx.session?.user.fullName ?? '');
  return showDocument(ctx, kind);
}

/** Inserts a version (the primary key refuses a second writer of the same number: 409, try again). */
export async function writeVersion(
  ctx: Scope,
  kind: DocumentKind,
  version: number,
  layout: DocumentLayout,
  texts: Record<string, DocumentText>,
  by: string | null,
) {
  const inserted = await ctx.tx
    .insert(documentVersions)
    .values({ propertyId: ctx.propertyId, kind, version, layout, texts, createdBy: by })
    .onConflictDoNothing()
    .returning({ version: documentVersions.version });
  if (!inserted.length) throw new HttpError(409, 'documents.changedMeanwhile');
  if (by !== null)
    await ctx.audit({
      entity: 'document_versions',
      entityId: kind,
      action: 'update',
      new: {
        kind,
        version,
        paper: layout.paper,
        logo: layout.logo,
        languages: Object.keys(texts).join(', '),
      },
    });
}

/**
 * The version a resident signs: the current one, written first when it is the shipped default (a signature always
 * points at a row that cannot change).
 */
export async function versionToSign(ctx: Scope, kind: DocumentKind): Promise<Version> {
  const v = await currentVersion(ctx, kind);
  if (v.version > 0) return v;
  const texts = Object.fromEntries(languagesOf(ctx).map((l) => [l, defaultText(kind, l)]));
  await ctx.tx
    .insert(documentVersions)
    .values({ propertyId: ctx.propertyId, kind, version: 1, layout: v.layout, texts, createdBy: null })
    .onConflictDoNothing();
  return versionOf(ctx, kind, 1);
}
