/**
 * The reference a signed-in request is measured against: the least SQL it needs — one transaction that sets the
 * tenant scope and reads the session with its user by token hash — sent raw, by pgbench when the machine has it
 * (C, no driver cost: the harder reference), else by a raw `pg` pool. Same database, same role, same connections.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { namedStatementText } from '../apps/server/src/platform/db';
import { Statements } from '../apps/server/src/platform/db/statements';

export interface Reference {
  tool: string;
  perSecond: number;
  statements: number;
}

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The statements of the least signed-in request, for one tenant code and one session token. */
export function signedInSql(tenant: string, token: string): string[] {
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  return [
    'BEGIN',
    `SELECT p.id, set_config('app.property_id', p.id::text, true), set_config('app.scope', 'tenant', true)
       FROM properties p WHERE lower(p.code) = ${literal(tenant)}`,
    `SELECT s.id, s.area, s.property_id, u.id, u.full_name, u.email, u.phone, u.language, u.active, u.type,
            r.name, r.permissions
       FROM sessions s LEFT JOIN (tenant_users u LEFT JOIN roles r ON r.id = u.role_id)
         ON s.area = 'tenant' AND u.id = s.user_id AND u.property_id = current_setting('app.property_id')::bigint
      WHERE s.token_hash = ${literal(hash)} AND s.revoked_at IS NULL AND s.expires_at > now()`,
    'COMMIT',
  ];
}

function hasPgbench(): boolean {
  return spawnSync('pgbench', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** Transactions per second of `statements` at `connections` for `seconds`. */
export async function measureReference(
  url: string,
  /** One transaction's statements, or several transactions taken at random (pgbench) or in turn (pool). */
  statementsOrScripts: string[] | string[][],
  connections: number,
  seconds: number,
  /** pgbench's protocol: simple (each statement parsed and planned, as the API's are) or prepared (plans kept). */
  mode: 'simple' | 'prepared' = 'simple',
): Promise<Reference> {
  const scripts = (
    typeof statementsOrScripts[0] === 'string' ? [statementsOrScripts] : statementsOrScripts
  ) as string[][];
  const statements = scripts[0]!;
  if (hasPgbench()) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-pgbench-'));
    const files = scripts.map((script, i) => {
      const file = path.join(dir, `script-${i}.sql`);
      // pgbench reads one statement per line.
      fs.writeFileSync(file, script.map((s) => `${s.replace(/\s+/g, ' ').trim()};`).join('\n') + '\n');
      return file;
    });
    const run = spawnSync(
      'pgbench',
      [
        '-n',
        '-M',
        mode,
        ...files.flatMap((f) => ['-f', f]),
        '-c',
        String(connections),
        '-j',
        '2',
        '-T',
        String(seconds),
        url,
      ],
      { encoding: 'utf8' },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    const tps = /tps = ([\d.]+)/.exec(run.stdout);
    if (run.status === 0 && tps)
      return { tool: `pgbench -M ${mode}`, perSecond: Number(tps[1]), statements: statements.length };
    console.log(`  pgbench failed (${run.stderr.trim().slice(0, 200)}); measuring with a pg pool`);
  }
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          for (const s of scripts[done % scripts.length]!) await client.query(s);
          done += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  return { tool: 'pg pool', perSecond: done / seconds, statements: statements.length };
}

/** A value of a captured statement written as an SQL literal. */
function inline(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return literal(value.toISOString());
  if (Array.isArray(value)) return literal(`{${value.map((v) => JSON.stringify(v)).join(',')}}`);
  return literal(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * A prepared statement's execution as the server sends it (platform/db's `Statements`: its name and values) written as
 * its own text with those values in place of its parameters: the same SQL sent raw, planned on every run as
 * pgbench -M simple does.
 */
function asPlainSql(name: string, values: readonly string[]): string {
  const text = namedStatementText(name);
  if (!text) throw new Error(`the text of the named statement ${name} is not known`);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n) - 1];
    return value === undefined ? 'NULL' : literal(value);
  });
}

/**
 * The statements of a transaction's opening (platform/admission), which the reference sends as its own BEGIN and
 * scope: the scope, the tenant, the session and the selected property; and the COMMIT that reads the transaction's
 * announced changes (decision 0034).
 */
const OPENING =
  /^\s*(begin|commit|rollback|prepare|select set_config\('app\.scope'|select current_setting\('parkade\.admission_changed')/i;
const OPENING_NAMED = /^parkade_(tenant|session_\w+|select_property)$/;

/**
 * The statements the server sends to PostgreSQL while `run` runs (the pool's clients, parameters written in as
 * literals), without the transaction's opening, its prepared lookups and COMMIT: what a handler's SQL is.
 */
export async function captureHandlerSql(run: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === 'string'
        ? { text: first, values: second }
        : (first as { text?: string; values?: unknown });
    // Drizzle passes the values as the second argument beside a config object; pg also takes them in the config.
    const values = Array.isArray(config.values)
      ? (config.values as unknown[])
      : Array.isArray(second)
        ? (second as unknown[])
        : [];
    // An opening with a route's read, or a handler's prepared statement (platform/db), is taken step by step.
    if (first instanceof Statements) {
      for (const step of first.steps)
        if (typeof step === 'string') {
          if (!OPENING.test(step)) seen.push(step);
        } else if ('text' in step) seen.push(step.text);
        else if (!OPENING_NAMED.test(step.name)) seen.push(asPlainSql(step.name, step.values));
    } else if (config.text && !OPENING.test(config.text))
      seen.push(config.text.replace(/\$(\d+)/g, (_, n: string) => inline(values[Number(n) - 1])));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}
