import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { readTranslationFiles } from '../../platform/i18n';
import { languageCodes } from './table';

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
  const rows: { key: string; language_code: string; value: string }[] = [];
  for (const [key, values] of readTranslationFiles()) {
    for (const [languageCode, value] of Object.entries(values))
      rows.push({ key, language_code: languageCode, value });
  }
  // Every start: one statement with one JSON parameter (a few thousand rows), not a statement per 500 rows built
  // value by value — this runs before the server answers.
  await tx.execute(
    sql`insert into translations (key, language_code, value)
        select key, language_code, value
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(key varchar, language_code varchar, value text)
        on conflict (key, language_code) do nothing`,
  );
}
