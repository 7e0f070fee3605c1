import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { query, type Tx } from './query';
import { sendStatements, type Step } from './statements';

/*
 * Named statements (decisions 0018, 0026, 0030, 0033): prepared once per server connection, their plans kept, and run
 * by the extended protocol's Bind and Execute (statements.ts), in a transaction's opening or by a handler
 * (queryNamed); on PGlite their text runs with the values bound.
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
 * plates) or the transaction's property. A server prepares it once per connection (its plan
 * kept: not planned again on every request) and executes it with its text values as parameters; PGlite runs its text
 * with the values bound.
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

/**
 * A named statement as a server prepares it: its text with each value that is the transaction's property written in
 * (it is not known when the statement is sent with the opening) and the other parameters numbered in turn, so that
 * its values are only the text ones and travel as the Bind message's parameters (decision 0033).
 */
interface Prepared {
  /** The statement's own text and which of its values are the transaction's property ('p') or text ('v'). */
  source: string;
  shape: string;
  text: string;
}

/** Each named statement run in this process, by name: one name is one text, its values of one shape. */
const registry = new Map<string, Prepared>();

const shapeOf = (statement: Named) =>
  statement.params.map((p) => (typeof p === 'string' ? 'v' : 'p')).join('');

function preparedForm(statement: Named): Prepared {
  const shape = shapeOf(statement);
  const known = registry.get(statement.name);
  if (known) {
    if (known.source !== statement.text || known.shape !== shape)
      throw new Error(`two texts for the named statement ${statement.name}`);
    return known;
  }
  let n = 0;
  const numbers = statement.params.map((p) => (typeof p === 'string' ? ++n : 0));
  const text = statement.text.replace(/\$(\d+)/g, (_, k: string) => {
    const i = Number(k) - 1;
    if (i >= statement.params.length)
      throw new Error(`the named statement ${statement.name} has no value for $${k}`);
    return numbers[i] ? `$${numbers[i]}` : `(${TRANSACTION_PROPERTY.sql})`;
  });
  const form = { source: statement.text, shape, text };
  registry.set(statement.name, form);
  return form;
}

/** A named statement's values as its prepared form takes them: the text ones, in order. */
const valuesOf = (statement: Named): string[] =>
  statement.params.filter((p): p is string => typeof p === 'string');

/**
 * The text of a named statement this process has run, as prepared: the bench writes its executions out as plain SQL.
 */
export const namedStatementText = (name: string) => registry.get(name)?.text;

/** The named statements each server connection has prepared (a PREPARE outlives a transaction rolled back). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
/** The pool connection of each server transaction `open` runs, for the named statements run in it. */
export const connectionOf = new WeakMap<Tx, pg.PoolClient>();

/** The statements of `statements` this connection has not prepared yet, as one PREPARE text (or null). */
export function toPrepare(
  client: pg.PoolClient,
  statements: Named[],
): { text: string; names: string[] } | null {
  // Behind a pooler in transaction mode nothing is prepared: each is parsed where it runs (stepFor).
  if (unprepared.has(client)) {
    for (const o of statements) preparedForm(o);
    return null;
  }
  let known = preparedOn.get(client);
  if (!known) preparedOn.set(client, (known = new Set()));
  // Checked at every run, prepared or not: one name is one text.
  for (const o of statements) preparedForm(o);
  const missing = statements.filter((o) => !known.has(o.name));
  if (!missing.length) return null;
  return {
    text: missing.map((o) => `prepare ${o.name} as ${preparedForm(o).text}`).join(';\n'),
    names: missing.map((o) => o.name),
  };
}

export const prepared = (client: pg.PoolClient, names: string[]) => {
  const known = preparedOn.get(client)!;
  for (const name of names) known.add(name);
};

/**
 * The connections of a pool behind a pooler in transaction mode (PgBouncer, decision 0055): the pooler hands each
 * transaction whichever server connection is free, so a statement prepared on one is unknown on the next. Their named
 * statements travel as text with their values (parsed unnamed, planned each time), never prepared.
 */
const unprepared = new WeakSet<pg.PoolClient>();
export const neverPrepareOn = (client: pg.PoolClient) => unprepared.add(client);

/**
 * A statement of a message as statements.ts sends it on this connection: text as it is, a named statement by its
 * name and values (prepared), or by its text and values behind a pooler in transaction mode.
 */
export const stepFor = (client: pg.PoolClient, o: Opening): Step =>
  typeof o === 'string'
    ? o
    : unprepared.has(client)
      ? { text: preparedForm(o).text, values: valuesOf(o) }
      : { name: o.name, values: valuesOf(o) };

/**
 * Runs a named statement in a transaction and returns its rows: on a server, in the transaction `open` began,
 * prepared on its connection the first time (then only executed, on the plan kept); elsewhere (PGlite, a
 * savepoint) its text with the values bound.
 */
export async function queryNamed<T>(tx: Tx, statement: Named): Promise<T[]> {
  const client = connectionOf.get(tx);
  if (!client) return query<T>(tx, bound(statement));
  const missing = toPrepare(client, [statement]);
  if (missing) {
    await client.query(missing.text);
    prepared(client, missing.names);
  }
  const [rows] = await sendStatements(client, [stepFor(client, statement)]);
  return rows as T[];
}

/** A named statement as a drizzle SQL object with its values bound as parameters (PGlite's path). */
export function bound(statement: Named): SQL {
  // One name is one text here too.
  preparedForm(statement);
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
