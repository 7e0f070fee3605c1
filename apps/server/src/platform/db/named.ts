import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { query, type Tx } from './query';

/*
 * Named statements (decisions 0018, 0026, 0030): prepared once per server connection, their plans kept, and run by
 * `EXECUTE name('literal', …)` in a transaction's opening or by a handler (queryNamed); on PGlite their text runs with
 * the values bound.
 */

/**
 * A named statement's value that is the transaction's property (`app.property_id`, set by the opening's tenant or
 * selected property): for a statement sent with the opening, before the caller knows the property's id.
 */
export const TRANSACTION_PROPERTY = {
  sql: "nullif(current_setting('app.property_id', true), '')::bigint",
} as const;

/**
 * A named statement: `$n` parameters, and its values as text (checked constants, numbers, hex digests, normalised
 * plates — never a backslash) or the transaction's property. A server prepares it once per connection (its plan
 * kept: not planned again on every request) and executes it with its values written as literals; PGlite runs its
 * text with the values bound.
 */
export interface Named {
  name: string;
  text: string;
  params: (string | typeof TRANSACTION_PROPERTY)[];
}

/**
 * A statement of a transaction's opening: SQL text without values, or a named statement (a signed-in request's
 * tenant and session lookups).
 */
export type Opening = string | Named;

/** The text of each named statement run in this process, by name: one name is one text. */
const namedTexts = new Map<string, string>();

function registerNamed(statement: Named) {
  const known = namedTexts.get(statement.name);
  if (known === statement.text) return;
  if (known !== undefined) throw new Error(`two texts for the named statement ${statement.name}`);
  namedTexts.set(statement.name, statement.text);
}

/** The text of a named statement this process has run (the bench writes its executions out as plain SQL). */
export const namedStatementText = (name: string) => namedTexts.get(name);

/** The named statements each server connection has prepared (a PREPARE outlives a transaction rolled back). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
/** The pool connection of each server transaction `open` runs, for the named statements run in it. */
export const connectionOf = new WeakMap<Tx, pg.PoolClient>();

/** The statements of `statements` this connection has not prepared yet, as one PREPARE text (or null). */
export function toPrepare(
  client: pg.PoolClient,
  statements: Named[],
): { text: string; names: string[] } | null {
  let known = preparedOn.get(client);
  if (!known) preparedOn.set(client, (known = new Set()));
  const missing = statements.filter((o) => !known.has(o.name));
  if (!missing.length) return null;
  for (const o of missing) registerNamed(o);
  return {
    text: missing.map((o) => `prepare ${o.name} as ${o.text}`).join(';\n'),
    names: missing.map((o) => o.name),
  };
}

export const prepared = (client: pg.PoolClient, names: string[]) => {
  const known = preparedOn.get(client)!;
  for (const name of names) known.add(name);
};

const valueText = (value: Named['params'][number]) =>
  typeof value === 'string' ? literal(value) : TRANSACTION_PROPERTY.sql;
export const executeText = (o: Named) => `execute ${o.name}(${o.params.map(valueText).join(', ')})`;

/**
 * Runs a named statement in a transaction and returns its rows: on a server, in the transaction `open` began,
 * prepared on its connection the first time (then only executed, on the plan kept); elsewhere (PGlite, a
 * savepoint) its text with the values bound.
 */
export async function queryNamed<T>(tx: Tx, statement: Named): Promise<T[]> {
  const client = connectionOf.get(tx);
  if (!client) {
    registerNamed(statement);
    return query<T>(tx, bound(statement));
  }
  const missing = toPrepare(client, [statement]);
  if (missing) {
    await client.query(missing.text);
    prepared(client, missing.names);
  }
  const result = await client.query<T & pg.QueryResultRow>(executeText(statement));
  return result.rows;
}

/** A value written into SQL text: quoted, quotes doubled; a backslash (never in our values) is refused. */
function literal(value: string): string {
  if (value.includes('\\')) throw new Error('a literal of an opening holds a backslash');
  return `'${value.replace(/'/g, "''")}'`;
}

/** A named statement as a drizzle SQL object with its values bound as parameters (PGlite's path). */
export function bound(statement: Named): SQL {
  const parts = statement.text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => {
      if (i % 2 === 0) return sql.raw(part);
      const value = statement.params[Number(part) - 1];
      return typeof value === 'string' ? sql`${value}` : sql.raw(`(${TRANSACTION_PROPERTY.sql})`);
    }),
    sql.raw(''),
  );
}
