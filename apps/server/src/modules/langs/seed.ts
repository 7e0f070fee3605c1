import type { Tx } from '../../platform/db';
import { languageCodes, translationRevision } from './table';

export const LANGUAGE_CODES = [
  { code: 'en', name: 'English', nativeName: 'English', position: 1 },
  { code: 'es', name: 'Spanish', nativeName: 'Español', position: 2 },
  { code: 'zh', name: 'Chinese', nativeName: '中文', position: 3 },
];

/**
 * The language codes and the overrides' revision row. The texts themselves are the shipped files
 * (packages/contract/translations), read where they are served; the database holds only what the translations
 * upload changed (decision 0046).
 */
export async function seedTranslations(tx: Tx): Promise<void> {
  await tx.insert(languageCodes).values(LANGUAGE_CODES).onConflictDoNothing();
  await tx.insert(translationRevision).values({ id: 1, revision: 0 }).onConflictDoNothing();
}
