import {
  LANGUAGES,
  type LanguageCodeCreateBody,
  type LanguageCodeItem,
  type LanguageCodeUpdateBody,
} from '@parkade/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { fieldError, notFound } from '../../platform/errors';
import { shippedTexts } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { bumpTextsRevision, coverageOf, overridesOf, textsOf } from '../langs/service';
import { languageCodes } from '../langs/table';

/**
 * The language codes view (decision 0051): every language with its coverage — the keys it has a text of its own
 * for (uploaded, or shipped for en, es, zh), of all keys; English stands in for the rest.
 */
export async function listLanguageCodes(ctx: Scope): Promise<LanguageCodeItem[]> {
  const rows = await ctx.tx
    .select()
    .from(languageCodes)
    .orderBy(asc(languageCodes.position), asc(languageCodes.code));
  const overrides = await overridesOf(ctx.tx);
  const keys = shippedTexts().size;
  return rows.map((r) => {
    const texts = textsOf(r.code, overrides).size;
    return {
      code: r.code,
      name: r.name,
      nativeName: r.nativeName,
      direction: r.direction === 'rtl' ? 'rtl' : 'ltr',
      active: r.active,
      position: r.position,
      shipped: (LANGUAGES as readonly string[]).includes(r.code),
      coverage: coverageOf(texts, keys),
      texts,
    };
  });
}

async function itemOf(ctx: Scope, code: string): Promise<LanguageCodeItem> {
  const item = (await listLanguageCodes(ctx)).find((l) => l.code === code);
  if (!item) throw notFound();
  return item;
}

/** POST /language-codes: a new language (ISO 639-1), offered at once when active, last in the order. Audited. */
export async function createLanguageCode(
  ctx: Scope,
  body: LanguageCodeCreateBody,
): Promise<LanguageCodeItem> {
  const code = body.code.trim().toLowerCase();
  const [taken] = await ctx.tx.select().from(languageCodes).where(eq(languageCodes.code, code));
  if (taken) throw fieldError('code', 'languageCodes.exists', { code });
  const [{ last }] = (await ctx.tx
    .select({ last: sql<number>`coalesce(max(${languageCodes.position}), 0)::int` })
    .from(languageCodes)) as [{ last: number }];
  const row = {
    code,
    name: body.name.trim(),
    nativeName: body.nativeName.trim(),
    direction: body.direction,
    active: body.active ?? true,
    position: Number(last) + 1,
  };
  await ctx.tx.insert(languageCodes).values(row);
  await bumpTextsRevision(ctx.tx);
  await ctx.audit({ entity: 'language_codes', entityId: code, action: 'create', new: row });
  return itemOf(ctx, code);
}

/**
 * PUT /language-codes/:code: its names, direction and whether it is offered. English stays active: it is every
 * other language's fallback and the product's default. Audited.
 */
export async function updateLanguageCode(
  ctx: Scope,
  code: string,
  body: LanguageCodeUpdateBody,
): Promise<LanguageCodeItem> {
  const [row] = await ctx.tx.select().from(languageCodes).where(eq(languageCodes.code, code)).for('update');
  if (!row) throw notFound();
  const active = body.active ?? true;
  if (code === 'en' && !active) throw fieldError('active', 'languageCodes.englishStays');
  const next = {
    name: body.name.trim(),
    nativeName: body.nativeName.trim(),
    direction: body.direction,
    active,
  };
  const old = { name: row.name, nativeName: row.nativeName, direction: row.direction, active: row.active };
  const changed = Object.fromEntries(
    Object.entries(next).filter(([k, v]) => old[k as keyof typeof old] !== v),
  ) as Partial<typeof next>;
  if (Object.keys(changed).length) {
    await ctx.tx
      .update(languageCodes)
      .set({ ...changed, updatedAt: new Date() })
      .where(eq(languageCodes.code, code));
    await bumpTextsRevision(ctx.tx);
    await ctx.audit({
      entity: 'language_codes',
      entityId: code,
      action: 'update',
      old: Object.fromEntries(Object.keys(changed).map((k) => [k, old[k as keyof typeof old]])),
      new: changed,
    });
  }
  return itemOf(ctx, code);
}
