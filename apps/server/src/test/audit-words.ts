import { auditActionLabelKey, auditFieldLabelKeys, LANGUAGES } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { binnacle } from '../modules/binnacle/table';
import type { Database } from '../platform/db';
import { readTranslationFiles } from '../platform/i18n';

/**
 * The audit log's words (issue 36 §9, decision 0039): every action and every attribute it records is shown by a
 * label in the reader's language, never by its name ("placed by id", "sha256"). These checks read the shipped
 * dictionaries (packages/contract/translations).
 */
let texts: Map<string, Record<string, string>> | undefined;
const labelled = (key: string) => {
  texts ??= readTranslationFiles();
  const entry = texts.get(key);
  return LANGUAGES.every((l) => Boolean(entry?.[l]?.trim()));
};

/** Whether an action has its label in every language. */
export const actionLabelled = (action: string) => labelled(auditActionLabelKey(action));

/** Whether a recorded attribute has a label (the audit log's own, or the form field's) in every language. */
export const attributeLabelled = (field: string) => auditFieldLabelKeys(field).some(labelled);

/**
 * What a database's audit log holds without words: each action and each recorded attribute (an entry's
 * `changes` keys) lacking a label, as "action x" / "attribute y (entity)". Every test context runs it as it closes
 * (harness.ts), so any test whose requests record something without words fails, whatever the test is about.
 */
export async function auditWordsMissing(database: Database): Promise<string[]> {
  const found = await database.withScope({ area: 'central' }, async (tx) => {
    const actions = await tx.selectDistinct({ action: binnacle.action }).from(binnacle);
    const res: unknown = await tx.execute(
      sql`select distinct b.entity, k.key from ${binnacle} b, jsonb_object_keys(b.changes) as k(key)`,
    );
    return { actions, attributes: (res as { rows: { entity: string; key: string }[] }).rows };
  });
  return [
    ...found.actions.filter((a) => !actionLabelled(a.action)).map((a) => `action ${a.action}`),
    ...found.attributes
      .filter((a) => !attributeLabelled(a.key))
      .map((a) => `attribute ${a.key} (${a.entity})`),
  ].sort();
}
