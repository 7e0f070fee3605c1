import pg from 'pg';

/*
 * A transaction's opening, sent in one round trip and answered lean (decisions 0031 and 0033). node-postgres builds,
 * for every result of every query, a row template from the result's column names (`Result.addFields`: a
 * dictionary-mode object filled name by name, then copied), about 10 µs for a result of twenty columns. A signed-in
 * request's opening has three or four results, and every request sends one, so this alone cost more server time than
 * the plate lookup's own code.
 *
 * `Statements` is a query object of node-postgres's own kind (a "submittable", as pg-cursor is): it sends several
 * statements by the extended protocol, one Sync for all, and keeps each statement's rows. A named statement, prepared
 * on the connection (named.ts), is only bound to its values and executed: PostgreSQL neither parses an `EXECUTE`
 * nor evaluates its arguments (decision 0033: about 30 µs of PostgreSQL's time less per signed-in request). A text
 * statement (BEGIN, the scope, COMMIT) is parsed unnamed, as the simple protocol would. A result's columns are read
 * once per shape — the same statement answers with the same columns every time — and each row is filled column by
 * column, its values parsed by the type parsers node-postgres itself uses.
 */

/**
 * A statement of a message: SQL text without values, a statement the connection has prepared (its name and values),
 * or a text with values parsed unnamed (a named statement behind a pooler in transaction mode: decision 0055).
 */
export type Step = string | { name: string; values: string[] } | { text: string; values: string[] };

/*
 * The extended protocol's messages of a list of steps, written into one buffer (one allocation, one write; node-
 * postgres's own serializer allocates a buffer per message and writes each). Per step: a text one is parsed as the
 * unnamed statement and bound; a prepared one is bound to its values (text format, no types: the statement's own);
 * then the portal is described (its columns: RowDescription, or NoData) and executed to its last row. One Sync ends
 * the list. Strings are UTF-8 and end with a zero byte (no value of ours holds one: input.ts refuses control
 * characters).
 */
const SYNC_LENGTH = 5;
const DESCRIBE_LENGTH = 7; // 'D', Int32 length, 'P', an empty portal name
const EXECUTE_LENGTH = 10; // 'E', Int32 length, an empty portal name, Int32 rows (0: all)

function extendedMessages(steps: readonly Step[]): Buffer {
  let size = SYNC_LENGTH;
  for (const step of steps) {
    if (typeof step === 'string') {
      // Parse: 'P', length, '' name, the text, Int16 0 types; Bind: 'B', length, '', '', 0 formats, values, formats.
      size += 1 + 4 + 1 + Buffer.byteLength(step) + 1 + 2;
      size += 1 + 4 + 1 + 1 + 2 + 2 + 2;
    } else if ('text' in step) {
      size += 1 + 4 + 1 + Buffer.byteLength(step.text) + 1 + 2;
      size += 1 + 4 + 1 + 1 + 2 + 2 + 2;
      for (const value of step.values) size += 4 + Buffer.byteLength(value);
    } else {
      size += 1 + 4 + 1 + Buffer.byteLength(step.name) + 1 + 2 + 2 + 2;
      for (const value of step.values) size += 4 + Buffer.byteLength(value);
    }
    size += DESCRIBE_LENGTH + EXECUTE_LENGTH;
  }
  const buf = Buffer.allocUnsafe(size);
  let at = 0;
  const string = (text: string) => {
    at += buf.write(text, at);
    buf[at++] = 0;
  };
  const bind = (statement: string, values: readonly string[]) => {
    const start = at;
    buf[at++] = 0x42; // 'B'
    at += 4;
    buf[at++] = 0; // the unnamed portal
    string(statement);
    at = buf.writeInt16BE(0, at); // every value in text format
    at = buf.writeInt16BE(values.length, at);
    for (const value of values) {
      const length = buf.write(value, at + 4);
      buf.writeInt32BE(length, at);
      at += 4 + length;
    }
    at = buf.writeInt16BE(0, at); // every column in text format
    buf.writeInt32BE(at - start - 1, start + 1);
  };
  const parse = (text: string) => {
    const start = at;
    buf[at++] = 0x50; // 'P'
    at += 4;
    buf[at++] = 0; // the unnamed statement
    string(text);
    at = buf.writeInt16BE(0, at);
    buf.writeInt32BE(at - start - 1, start + 1);
  };
  for (const step of steps) {
    if (typeof step === 'string') {
      parse(step);
      bind('', []);
    } else if ('text' in step) {
      parse(step.text);
      bind('', step.values);
    } else bind(step.name, step.values);
    buf[at++] = 0x44; // 'D'
    at = buf.writeInt32BE(DESCRIBE_LENGTH - 1, at);
    buf[at++] = 0x50; // a portal
    buf[at++] = 0;
    buf[at++] = 0x45; // 'E'
    at = buf.writeInt32BE(EXECUTE_LENGTH - 1, at);
    buf[at++] = 0;
    at = buf.writeInt32BE(0, at);
  }
  buf[at++] = 0x53; // 'S'
  at = buf.writeInt32BE(4, at);
  if (at !== size) throw new Error(`extended messages of ${at} bytes, ${size} expected`);
  return buf;
}

type Parser = (value: string) => unknown;

interface Shape {
  names: string[];
  types: number[];
  parsers: Parser[];
}

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}

/**
 * Shapes by their column count, then their first column's name: the handful of distinct results the openings answer
 * with. Finding one compares the columns' names and types, and builds no key.
 */
const shapes = new Map<number, Map<string, Shape[]>>();
let shapeCount = 0;
const SHAPES_MAX = 1000;

function sameColumns(shape: Shape, fields: FieldDescription[]): boolean {
  for (let i = 0; i < fields.length; i++)
    if (shape.names[i] !== fields[i]!.name || shape.types[i] !== fields[i]!.dataTypeID) return false;
  return true;
}

function shapeOf(fields: FieldDescription[]): Shape {
  const first = fields[0]?.name ?? '';
  let byFirst = shapes.get(fields.length);
  const known = byFirst?.get(first);
  if (known) for (const shape of known) if (sameColumns(shape, fields)) return shape;
  if (fields.some((f) => f.format === 'binary' || f.name === '__proto__'))
    throw new Error('a statement answered in binary or with a column named __proto__');
  const shape: Shape = {
    names: fields.map((f) => f.name),
    types: fields.map((f) => f.dataTypeID),
    parsers: fields.map((f) => pg.types.getTypeParser(f.dataTypeID, 'text') as Parser),
  };
  if (shapeCount >= SHAPES_MAX) {
    shapes.clear();
    shapeCount = 0;
  }
  byFirst = shapes.get(fields.length) ?? new Map<string, Shape[]>();
  shapes.set(fields.length, byFirst);
  byFirst.set(first, [...(byFirst.get(first) ?? []), shape]);
  shapeCount++;
  return shape;
}

/**
 * Several statements sent in one round trip (`client.query(new Statements(steps))`): `rows` answers with the rows of
 * each statement in order (none for BEGIN, COMMIT and the like). A failed statement fails the whole: PostgreSQL skips
 * the rest until the Sync, and `rows` rejects with its error. The statements run in the transaction BEGIN opened, or
 * without one in a transaction of their own that the Sync ends.
 */
export class Statements implements pg.Submittable {
  /** The rows of each statement answered so far, in order. */
  private results: Record<string, unknown>[][] = [];
  private current: Record<string, unknown>[] | null = null;
  private shape: Shape | null = null;
  private error: Error | null = null;
  private settle!: { resolve: (rows: Record<string, unknown>[][]) => void; reject: (e: Error) => void };
  readonly rows: Promise<Record<string, unknown>[][]>;

  constructor(readonly steps: readonly Step[]) {
    this.rows = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: pg.Connection): void {
    // As node-postgres's Connection sends a message: nothing when its socket no longer writes (it reports the error).
    const { stream } = connection as unknown as { stream: { writable: boolean; write(b: Buffer): void } };
    if (stream.writable) stream.write(extendedMessages(this.steps));
  }

  handleRowDescription(msg: { fields: FieldDescription[] }): void {
    this.shape = shapeOf(msg.fields);
    this.current = [];
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    const { names, parsers } = this.shape!;
    const values = msg.fields;
    // A new object filled column by column: V8 follows the same property transitions for every row of a shape
    // (copying a template, as node-postgres does, takes its slow path once an opening has several shapes).
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const value = values[i];
      row[names[i]!] = value === null || value === undefined ? null : parsers[i]!(value);
    }
    this.current!.push(row);
  }

  handleCommandComplete(): void {
    this.results.push(this.current ?? []);
    this.current = null;
    this.shape = null;
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: pg.Connection): void {
    // Never asked for: end the copy so that the connection stays usable.
    (connection as unknown as { sendCopyFail(msg: string): void }).sendCopyFail('COPY is not supported here');
  }

  handleCopyData(): void {}

  handleError(error: Error): void {
    // A statement failed (PostgreSQL then skips the rest and says it is ready), or the connection did: either way
    // nothing more is read; a connection error arrives without ReadyForQuery, so the promise settles here.
    this.error ??= error;
    this.settle.reject(this.error);
  }

  handleReadyForQuery(): void {
    if (this.error) this.settle.reject(this.error);
    else this.settle.resolve(this.results);
  }
}

/** Sends `steps` on the connection in one round trip and answers each statement's rows. */
export async function sendStatements(
  client: pg.PoolClient,
  steps: readonly Step[],
): Promise<Record<string, unknown>[][]> {
  const statements = new Statements(steps);
  void client.query(statements);
  return statements.rows;
}
