/**
 * The ledger's check (decision 0056), read as the database's owner once the driver stopped: every write the server
 * acknowledged is present exactly once (and holds what the driver was answered: the id, the round); every write it
 * refused is absent; a write without an answer is present at most once; no row of the run exists that the driver
 * never sent. An edit is present when the row holds the loop's last acknowledged value (or a later unanswered one)
 * and its audit entry, found by the request id the driver sent, is there once.
 */
import pg from 'pg';
import { WRITE_KINDS, type LedgerEntry, type WriteKind } from './mixed-calls';

export interface KindVerdict {
  kind: WriteKind;
  acknowledged: number;
  failed: number;
  unanswered: number;
  /** Acknowledged and absent (or, for an edit, not holding what was acknowledged). */
  lost: string[];
  /** Present more than once. */
  duplicated: string[];
  /** Refused by the server and present all the same. */
  failedPresent: string[];
  /** Unanswered and present (allowed: at most once). */
  unansweredPresent: number;
}

export interface LedgerVerdict {
  kinds: KindVerdict[];
  /** Rows of the run that no write of the driver explains: table → keys. */
  unsent: Record<string, string[]>;
  ok: boolean;
}

type Counts = Map<string, { n: number; ids: string[]; extra?: string }>;

const TABLES: Partial<Record<WriteKind, { sql: string }>> = {
  'public visitor': {
    sql: `select plate_normalized as key, id, null as extra from visitors
          where property_id = $1 and plate_normalized = any($2)`,
  },
  'resident vehicle': {
    sql: `select plate_normalized as key, id, null as extra from vehicles
          where property_id = $1 and plate_normalized = any($2) and deleted_at is null`,
  },
  'resident permit': {
    sql: `select vehicle_id::text as key, id, null as extra from permits
          where property_id = $1 and vehicle_id::text = any($2)`,
  },
  observation: {
    sql: `select client_key as key, id, check_in_id::text as extra from patrol_observations
          where property_id = $1 and client_key = any($2)`,
  },
  'user create': {
    sql: `select lower(username) as key, id, null as extra from tenant_users
          where property_id = $1 and lower(username) = any($2)`,
  },
  'role create': {
    sql: `select name as key, id, null as extra from roles where property_id = $1 and name = any($2)`,
  },
};
TABLES['staff visitor'] = TABLES['public visitor'];
TABLES['resident visitor'] = TABLES['public visitor'];

/** Rows made since the run began that no write of the driver names. */
const UNSENT: Record<string, { sql: string; kinds: WriteKind[] }> = {
  visitors: {
    sql: `select plate_normalized as key from visitors where property_id = $1 and created_at >= $3
          and not (coalesce(plate_normalized, '') = any($2))`,
    kinds: ['public visitor', 'staff visitor', 'resident visitor'],
  },
  vehicles: {
    sql: `select plate_normalized as key from vehicles where property_id = $1 and created_at >= $3
          and not (plate_normalized = any($2))`,
    kinds: ['resident vehicle'],
  },
  permits: {
    sql: `select vehicle_id::text as key from permits where property_id = $1 and created_at >= $3
          and not (coalesce(vehicle_id::text, '') = any($2))`,
    kinds: ['resident permit'],
  },
  patrol_observations: {
    sql: `select client_key as key from patrol_observations where property_id = $1 and created_at >= $3
          and not (client_key = any($2))`,
    kinds: ['observation'],
  },
  patrol_check_ins: {
    sql: `select user_id::text as key from patrol_check_ins where property_id = $1 and created_at >= $3
          and not (user_id::text = any($2))`,
    kinds: ['check-in'],
  },
  tenant_users: {
    sql: `select coalesce(username, email, id::text) as key from tenant_users where property_id = $1
          and created_at >= $3 and not (coalesce(lower(username), '') = any($2))`,
    kinds: ['user create'],
  },
  roles: {
    sql: `select name as key from roles where property_id = $1 and created_at >= $3 and not (name = any($2))`,
    kinds: ['role create'],
  },
};

function group(entries: LedgerEntry[]) {
  const byKey = new Map<string, LedgerEntry[]>();
  for (const e of entries) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);
  return byKey;
}

function emptyVerdict(kind: WriteKind, entries: LedgerEntry[]): KindVerdict {
  const count = (o: LedgerEntry['outcome']) => entries.filter((e) => e.outcome === o).length;
  return {
    kind,
    acknowledged: count('acknowledged'),
    failed: count('failed'),
    unanswered: count('unanswered'),
    lost: [],
    duplicated: [],
    failedPresent: [],
    unansweredPresent: 0,
  };
}

/** Writes that make a row with a key of the driver's: present once when acknowledged, never when refused. */
async function rowsOnce(c: pg.Client, propertyId: number, kind: WriteKind, entries: LedgerEntry[]) {
  const v = emptyVerdict(kind, entries);
  const byKey = group(entries);
  const { rows } = await c.query<{ key: string; id: string; extra: string | null }>(TABLES[kind]!.sql, [
    propertyId,
    [...byKey.keys()].map((k) => (kind === 'user create' ? k.toLowerCase() : k)),
  ]);
  const found: Counts = new Map();
  for (const r of rows) {
    const f = found.get(r.key) ?? { n: 0, ids: [] };
    f.n += 1;
    f.ids.push(String(r.id));
    f.extra = r.extra ?? undefined;
    found.set(r.key, f);
  }
  for (const [key, list] of byKey) {
    const f = found.get(kind === 'user create' ? key.toLowerCase() : key) ?? { n: 0, ids: [] };
    const ack = list.filter((e) => e.outcome === 'acknowledged');
    if (f.n > 1) v.duplicated.push(key);
    else if (ack.length) {
      // Present, and the row the server answered: its id, and for an observation its round.
      const wrong = ack.some(
        (e) =>
          (e.id !== undefined && !f.ids.includes(String(e.id))) ||
          (kind === 'observation' && f.extra !== e.value),
      );
      if (f.n === 0 || wrong) v.lost.push(key);
    } else if (list.some((e) => e.outcome === 'unanswered')) v.unansweredPresent += f.n;
    else if (f.n) v.failedPresent.push(key);
  }
  return v;
}

/** Check-ins: an inspector's rows are their acknowledged check-ins (each by its id) and at most the unanswered. */
async function checkIns(c: pg.Client, propertyId: number, entries: LedgerEntry[], since: Date) {
  const v = emptyVerdict('check-in', entries);
  const byKey = group(entries);
  const { rows } = await c.query<{ user_id: string; id: string }>(
    `select user_id::text, id from patrol_check_ins where property_id = $1 and created_at >= $2
     and user_id::text = any($3)`,
    [propertyId, since, [...byKey.keys()]],
  );
  for (const [key, list] of byKey) {
    const ids = rows.filter((r) => r.user_id === key).map((r) => String(r.id));
    const ack = list.filter((e) => e.outcome === 'acknowledged');
    const unanswered = list.filter((e) => e.outcome === 'unanswered').length;
    for (const e of ack) if (!ids.includes(String(e.id))) v.lost.push(`${key}:${e.id}`);
    const extra = ids.length - ack.length;
    if (extra > unanswered) v.duplicated.push(`${key}: ${extra - unanswered} more rows than written`);
    else if (extra > 0) v.unansweredPresent += extra;
  }
  return v;
}

/** Check-outs: the check-in of an acknowledged one is closed. */
async function checkOuts(c: pg.Client, propertyId: number, entries: LedgerEntry[]) {
  const v = emptyVerdict('check-out', entries);
  const { rows } = await c.query<{ id: string }>(
    `select id::text from patrol_check_ins where property_id = $1 and id::text = any($2) and checked_out_at is null`,
    [propertyId, entries.filter((e) => e.outcome === 'acknowledged').map((e) => e.key)],
  );
  v.lost.push(...rows.map((r) => r.id));
  return v;
}

/**
 * Edits of a loop's own row (sequential within the loop): the row holds the last acknowledged value or a later
 * unanswered one; each acknowledged edit has its audit entry once, a refused one none.
 */
async function edits(
  c: pg.Client,
  propertyId: number,
  kind: 'user edit' | 'role edit',
  entries: LedgerEntry[],
) {
  const v = emptyVerdict(kind, entries);
  const byKey = group(entries);
  const { rows } = await c.query<{ id: string; value: string }>(
    kind === 'user edit'
      ? `select id::text, full_name || '|' || role_id as value from tenant_users
         where property_id = $1 and id::text = any($2)`
      : `select id::text, description as value from roles where property_id = $1 and id::text = any($2)`,
    [propertyId, [...byKey.keys()]],
  );
  const audit = await c.query<{ request_id: string; n: string }>(
    `select request_id, count(*) as n from binnacle where property_id = $1 and request_id = any($2)
     and entity = $3 and action = 'update' group by request_id`,
    [propertyId, entries.map((e) => e.requestId), kind === 'user edit' ? 'tenant_users' : 'roles'],
  );
  const audited = new Map(audit.rows.map((r) => [r.request_id, Number(r.n)]));
  for (const [key, list] of byKey) {
    const sorted = [...list].sort((a, b) => a.seq - b.seq);
    const lastAck = sorted.filter((e) => e.outcome === 'acknowledged').at(-1);
    const allowed = sorted
      .filter((e) => (lastAck ? e === lastAck || (e.outcome === 'unanswered' && e.seq > lastAck.seq) : true))
      .filter((e) => e.outcome !== 'failed')
      .map((e) => e.value);
    const value = rows.find((r) => r.id === key)?.value;
    if (lastAck && !allowed.includes(value))
      v.lost.push(`${key}: holds "${value}", last acknowledged "${lastAck.value}"`);
  }
  for (const e of entries) {
    const n = audited.get(e.requestId) ?? 0;
    if (n > 1) v.duplicated.push(`${e.key} (${e.requestId}: ${n} audit entries)`);
    else if (e.outcome === 'acknowledged' && n === 0)
      v.lost.push(`${e.key} (${e.requestId}: no audit entry)`);
    else if (e.outcome === 'failed' && n) v.failedPresent.push(`${e.key} (${e.requestId})`);
    else if (e.outcome === 'unanswered') v.unansweredPresent += n;
  }
  return v;
}

export async function checkLedger(
  ownerUrl: string,
  propertyId: number,
  ledger: LedgerEntry[],
  since: Date,
): Promise<LedgerVerdict> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    const kinds: KindVerdict[] = [];
    for (const kind of WRITE_KINDS) {
      const entries = ledger.filter((e) => e.kind === kind);
      if (kind === 'check-in') kinds.push(await checkIns(c, propertyId, entries, since));
      else if (kind === 'check-out') kinds.push(await checkOuts(c, propertyId, entries));
      else if (kind === 'user edit' || kind === 'role edit')
        kinds.push(await edits(c, propertyId, kind, entries));
      else kinds.push(await rowsOnce(c, propertyId, kind, entries));
    }
    const unsent: Record<string, string[]> = {};
    for (const [table, { sql, kinds: of }] of Object.entries(UNSENT)) {
      const keys = ledger.filter((e) => of.includes(e.kind)).map((e) => e.key);
      const sent = table === 'tenant_users' ? keys.map((k) => k.toLowerCase()) : keys;
      const { rows } = await c.query<{ key: string }>(sql, [propertyId, sent, since]);
      if (rows.length) unsent[table] = rows.map((r) => r.key);
    }
    const ok =
      kinds.every((k) => !k.lost.length && !k.duplicated.length && !k.failedPresent.length) &&
      !Object.keys(unsent).length;
    return { kinds, unsent, ok };
  } finally {
    await c.end();
  }
}

/** The verdict in one line, as the bench prints it. */
export function verdictLine(v: LedgerVerdict): string {
  const sum = (f: (k: KindVerdict) => number) => v.kinds.reduce((s, k) => s + f(k), 0);
  const acknowledged = sum((k) => k.acknowledged);
  const lost = sum((k) => k.lost.length);
  const duplicated = sum((k) => k.duplicated.length);
  const failedPresent = sum((k) => k.failedPresent.length);
  const unanswered = sum((k) => k.unanswered);
  const unsent = Object.values(v.unsent).reduce((s, x) => s + x.length, 0);
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    `ledger: ${n(acknowledged)} acknowledged writes, ${lost || duplicated ? 'NOT all present once' : 'all present once'}; ` +
    `${n(lost)} lost; ${n(duplicated)} duplicated; ${n(sum((k) => k.failed))} refused (${n(failedPresent)} of them ` +
    `present); ${n(unanswered)} unanswered (${n(sum((k) => k.unansweredPresent))} present); ` +
    `${n(unsent)} rows no write explains — ${v.ok ? 'OK' : 'FAILED'}`
  );
}
