import pg from 'pg';

/*
 * A transaction's opening, answered lean (decision 0031). node-postgres builds, for every result of every query, a
 * row template from the result's column names (`Result.addFields`: a dictionary-mode object filled name by name,
 * then copied), about 10 µs for a result of twenty columns. A signed-in request's opening has three or four
 * results, and every request sends one, so this alone cost more server time than the plate lookup's own code.
 *
 * `Statements` is a query object of node-postgres's own kind (a "submittable", as pg-cursor is): it sends one
 * simple-protocol message of several statements and keeps each statement's rows. A result's columns are read once
 * per shape — the same statement answers with the same columns every time — and each row is filled column by column,
 * its values parsed by the type parsers node-postgres itself uses.
 */

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
 * Several statements sent as one simple-protocol message (`client.query(new Statements(text))`): `rows` answers
 * with the rows of each statement in order (none for BEGIN, COMMIT and the like). A failed statement fails the
 * whole: PostgreSQL skips the rest of the message, and `rows` rejects with its error.
 */
export class Statements implements pg.Submittable {
  /** The rows of each statement answered so far, in order. */
  private results: Record<string, unknown>[][] = [];
  private current: Record<string, unknown>[] | null = null;
  private shape: Shape | null = null;
  private error: Error | null = null;
  private settle!: { resolve: (rows: Record<string, unknown>[][]) => void; reject: (e: Error) => void };
  readonly rows: Promise<Record<string, unknown>[][]>;

  constructor(private readonly text: string) {
    this.rows = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: pg.Connection): void {
    (connection as unknown as { query(text: string): void }).query(this.text);
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

/** Sends `text` (several statements) on the connection and answers each statement's rows. */
export async function sendStatements(
  client: pg.PoolClient,
  text: string,
): Promise<Record<string, unknown>[][]> {
  const statements = new Statements(text);
  void client.query(statements);
  return statements.rows;
}
