import { and, asc, eq, inArray } from 'drizzle-orm';
import { HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { languageCodes, translations } from './table';

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

/** Every interface text of one active language as a flat key → value map; an unknown code is a 404. */
export async function dictionary(ctx: Scope, code: string): Promise<Record<string, string>> {
  const lang = code.trim().toLowerCase();
  const [known] = await ctx.tx
    .select({ code: languageCodes.code })
    .from(languageCodes)
    .where(and(eq(languageCodes.code, lang), eq(languageCodes.active, true)));
  if (!known) throw new HttpError(404, 'errors.languageUnknown', { code: code.slice(0, 16) });
  const rows = await ctx.tx
    .select({ key: translations.key, value: translations.value })
    .from(translations)
    .where(eq(translations.languageCode, known.code))
    .orderBy(asc(translations.key));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
