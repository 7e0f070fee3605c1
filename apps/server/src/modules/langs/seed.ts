import type { Tx } from '../../platform/db';
import { readTranslationFiles } from '../../platform/i18n';
import { languageCodes, translations } from './table';

export const LANGUAGE_CODES = [
  { code: 'en', name: 'English', nativeName: 'English', position: 1 },
  { code: 'es', name: 'Spanish', nativeName: 'Español', position: 2 },
  { code: 'zh', name: 'Chinese', nativeName: '中文', position: 3 },
];

/**
 * Language codes and translations from packages/contract/translations. Keys missing from the database are
 * added; values already there are kept, so edits made through the translations upload survive restarts.
 */
export async function seedTranslations(tx: Tx): Promise<void> {
  await tx.insert(languageCodes).values(LANGUAGE_CODES).onConflictDoNothing();
  const rows: { key: string; languageCode: string; value: string }[] = [];
  for (const [key, values] of readTranslationFiles()) {
    for (const [languageCode, value] of Object.entries(values)) rows.push({ key, languageCode, value });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(translations)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: [translations.key, translations.languageCode] });
  }
}
