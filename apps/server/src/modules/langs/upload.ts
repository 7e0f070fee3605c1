import type { TranslationsUploadResult } from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { HttpError } from '../../platform/errors';
import { setTextOverrides, shippedTexts, t, textsVersion } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import type { UploadedFile } from '../../platform/uploads';
import { translationOverrides, translationRevision } from './table';
import { bumpTextsRevision } from './service';
import { previewTranslations } from './template';

const refused = (status: number, key: string, params?: Record<string, string | number>) =>
  new HttpError(status, 'translations.uploadFailed', {}, { file: [{ key, params }] });

/**
 * POST /langs/upload/template: applies exactly the previewed change, in this request's one transaction. The
 * revision row is locked first, so two uploads run one after the other and each compares with the texts the other
 * left; the file is previewed again against them, and refused when it has errors or its changes are no longer the
 * ones previewed (`hash`). A text put back to its shipped value loses its override row. Audited as one import
 * entry (key:language → old, new), and the revision bumped, which moves every dictionary's address.
 */
export async function uploadTranslations(
  ctx: Scope,
  file: UploadedFile,
  hash: string,
): Promise<TranslationsUploadResult> {
  await ctx.tx.execute(sql`select revision from translation_revision where id = 1 for update`);
  const preview = await previewTranslations(ctx, file);
  if (preview.errors.length) throw refused(422, 'translations.hasErrors', { count: preview.errors.length });
  if (preview.hash !== hash) throw refused(409, 'translations.changedSincePreview');
  const shipped = shippedTexts();
  const userId = ctx.session?.user.id ?? null;
  for (const c of preview.changes) {
    const where = and(eq(translationOverrides.key, c.key), eq(translationOverrides.languageCode, c.language));
    if (c.new === (shipped.get(c.key)?.[c.language] ?? '')) {
      await ctx.tx.delete(translationOverrides).where(where);
    } else {
      await ctx.tx
        .insert(translationOverrides)
        .values({ key: c.key, languageCode: c.language, value: c.new, updatedBy: userId })
        .onConflictDoUpdate({
          target: [translationOverrides.key, translationOverrides.languageCode],
          set: { value: c.new, updatedBy: userId, updatedAt: new Date() },
        });
    }
  }
  if (preview.changes.length) {
    await bumpTextsRevision(ctx.tx);
    const name = (c: (typeof preview.changes)[number]) => `${c.key}:${c.language}`;
    await ctx.audit({
      entity: 'translation_overrides',
      action: 'import',
      old: { texts: Object.fromEntries(preview.changes.map((c) => [name(c), c.old])) },
      new: { texts: Object.fromEntries(preview.changes.map((c) => [name(c), c.new])) },
    });
    const [revision] = await ctx.tx
      .select({ revision: translationRevision.revision })
      .from(translationRevision)
      .where(eq(translationRevision.id, 1));
    const rows = await ctx.tx
      .select({
        key: translationOverrides.key,
        language: translationOverrides.languageCode,
        value: translationOverrides.value,
      })
      .from(translationOverrides);
    // This process's mail and PDFs use the new texts as soon as they are committed; other processes within seconds.
    ctx.afterCommit(() => setTextOverrides(revision?.revision ?? 0, rows));
  }
  return {
    message: t(ctx.lang, 'translations.uploaded', { count: preview.changes.length }),
    applied: preview.changes.length,
    version: await textsVersion(ctx.tx),
  };
}
