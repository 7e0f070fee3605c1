import { DEFAULT_LANGUAGE, DICTIONARY_META, type TranslationsSummary } from '@parkade/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { shippedTexts, textsVersion } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { languageCodes, translationOverrides, translationRevision } from './table';

/**
 * The active language codes in their display order. On a property, only those the property offers
 * (its `languages`), so the language picker of its login page shows what its users may choose.
 */
export async function activeCodes(ctx: Scope): Promise<string[]> {
  const active = eq(languageCodes.active, true);
  const offered = ctx.property?.languages;
  const rows = await ctx.tx
    .select({ code: languageCodes.code })
    .from(languageCodes)
    .where(offered ? and(active, inArray(languageCodes.code, offered)) : active)
    .orderBy(asc(languageCodes.position), asc(languageCodes.code));
  return rows.map((r) => r.code);
}

/** The stored overrides as language → key → text. */
export async function overridesOf(tx: Tx, language?: string): Promise<Map<string, Map<string, string>>> {
  const rows = await tx
    .select({
      key: translationOverrides.key,
      language: translationOverrides.languageCode,
      value: translationOverrides.value,
    })
    .from(translationOverrides)
    .where(language ? eq(translationOverrides.languageCode, language) : undefined);
  const out = new Map<string, Map<string, string>>();
  for (const r of rows) {
    let m = out.get(r.language);
    if (!m) out.set(r.language, (m = new Map<string, string>()));
    m.set(r.key, r.value);
  }
  return out;
}

/** Today's text of every key in one language: its override, else its shipped text (keys without either are left out). */
export function textsOf(language: string, overrides: Map<string, Map<string, string>>): Map<string, string> {
  const own = overrides.get(language);
  const out = new Map<string, string>();
  for (const [key, values] of shippedTexts()) {
    const text = own?.get(key) ?? values[language];
    if (text !== undefined && text !== '') out.set(key, text);
  }
  return out;
}

/**
 * Every interface text of one active language as a flat key → value map: the shipped texts with the uploaded
 * overrides over them, English (its own overrides included) where the language has no text (a language added as
 * data, decision 0051), and the language's direction and name in itself. An unknown code is a 404. `lasting` when asked for with the current version (`v`): that
 * address never answers anything else, so the answer may be kept for good (SPEC §9).
 */
export async function dictionary(
  ctx: Scope,
  code: string,
  version?: string,
): Promise<{ texts: Record<string, string>; lasting: boolean }> {
  const lang = code.trim().toLowerCase();
  const [known] = await ctx.tx
    .select({
      code: languageCodes.code,
      direction: languageCodes.direction,
      nativeName: languageCodes.nativeName,
    })
    .from(languageCodes)
    .where(and(eq(languageCodes.code, lang), eq(languageCodes.active, true)));
  if (!known) throw new HttpError(404, 'errors.languageUnknown', { code: code.slice(0, 16) });
  const overrides = await overridesOf(ctx.tx, known.code === DEFAULT_LANGUAGE ? known.code : undefined);
  const texts =
    known.code === DEFAULT_LANGUAGE
      ? textsOf(known.code, overrides)
      : new Map([...textsOf(DEFAULT_LANGUAGE, overrides), ...textsOf(known.code, overrides)]);
  texts.set(DICTIONARY_META.direction, known.direction);
  texts.set(DICTIONARY_META.nativeName, known.nativeName);
  return {
    texts: Object.fromEntries([...texts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    lasting: version !== undefined && version === (await textsVersion(ctx.tx)),
  };
}

/** The share of all keys a language has a text of its own for, in % floored to 0.1. */
export const coverageOf = (texts: number, keys: number) =>
  keys ? Math.floor((texts / keys) * 1000) / 10 : 100;

/**
 * The texts changed (an upload, or a language's row: its dictionary carries its direction and name): the revision
 * moves, and with it every dictionary's address (decision 0046).
 */
export async function bumpTextsRevision(tx: Tx): Promise<void> {
  await tx
    .insert(translationRevision)
    .values({ id: 1, revision: 1 })
    .onConflictDoUpdate({
      target: translationRevision.id,
      set: { revision: sql`${translationRevision.revision} + 1`, updatedAt: new Date() },
    });
}

/** GET /translations: the version, and how many keys each language has a text for. */
export async function summary(ctx: Scope): Promise<TranslationsSummary> {
  const overrides = await overridesOf(ctx.tx);
  const keys = shippedTexts().size;
  return {
    version: await textsVersion(ctx.tx),
    keys,
    languages: (await activeCodes(ctx)).map((code) => {
      const texts = textsOf(code, overrides).size;
      return {
        code,
        texts,
        overrides: overrides.get(code)?.size ?? 0,
        coverage: coverageOf(texts, keys),
      };
    }),
  };
}
