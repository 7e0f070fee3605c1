import { sql, type SQL } from 'drizzle-orm';
import { bigint, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { propertyIdColumn, tenantPolicy } from './columns';

/**
 * The platform's word index for `filter[term]` (decision 0018): every suffix of every word of a row's searchable
 * text, per property and entity. A term's word is found as a prefix of a suffix — the same substring match as
 * LIKE '%word%' — through btree range conditions, which PostgreSQL may use as index conditions under forced
 * row-level security (LIKE and trigram operators are not leakproof, so under RLS they always scan the property).
 * `word` is compared in the "C" collation (migration), so a range is exactly a prefix.
 */
export const searchWords = pgTable(
  'search_words',
  {
    propertyId: propertyIdColumn(),
    entity: varchar('entity', { length: 32 }).notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.entity, t.word, t.entityId] }),
    tenantPolicy('search_words'),
  ],
).enableRLS();

/** Words of a term: letters and digits, lower-cased, as the index splits a row's text. */
export function termTokens(word: string): string[] {
  return word
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The first string after every string that starts with `prefix` (code point order, as the "C" collation). */
function after(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  return chars.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}

/**
 * The condition that `key` (the entity's id column) names a row of `entity` whose text holds every token — for the
 * list engine's term. Each token's rows are one index range (the property from the transaction's scope, so the
 * range is an index condition); the sets are intersected by hashing (INTERSECT), never probed row by row.
 */
export function wordMatch(entity: string, key: unknown, tokens: string[]): SQL {
  const sets = tokens.map(
    (token) => sql`select w.entity_id from search_words w
      where w.property_id = (select nullif(current_setting('app.property_id', true), '')::bigint)
        and w.entity = ${entity} and w.word >= ${token} and w.word < ${after(token)}`,
  );
  return sql`${key} in (${sql.join(sets, sql` intersect `)})`;
}

/**
 * Rewrites the words of some rows of `entity` in one property: `rows` is a query answering (id, text) for them;
 * `ids` the rows whose words are replaced (all of the property's when absent). `fresh`: the rows are new (made in
 * this transaction) and have no words yet, so none are deleted first (the delete reads every word of the entity in
 * the property: the key does not lead with the row's id), and none can clash (no ON CONFLICT: its speculative
 * insertion doubled the cost of an import's words).
 */
export async function reindexWords(
  tx: { execute(q: SQL): Promise<unknown> },
  entity: string,
  propertyId: number,
  rows: SQL,
  ids?: number[],
  opts: { fresh?: boolean } = {},
): Promise<void> {
  const only = ids
    ? sql`and entity_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql``;
  if (!opts.fresh)
    await tx.execute(
      sql`delete from search_words where property_id = ${propertyId} and entity = ${entity} ${only}`,
    );
  await tx.execute(sql`insert into search_words (property_id, entity, entity_id, word)
    select distinct ${propertyId}::bigint, ${entity}, x.id, substr(tok, i)
    from (${rows}) x(id, text)
      cross join lateral regexp_split_to_table(lower(x.text), '[^[:alnum:]]+') tok
      cross join lateral generate_series(1, least(length(tok), 64)) i
    where tok <> ''
    ${opts.fresh ? sql`` : sql`on conflict do nothing`}`);
}
