/**
 * The mixed load driver (issue 39 §4, decision 0056): BENCH_CONNECTIONS loops for BENCH_DURATION seconds, each
 * picking a task by weight — a staff list, a visitor registering through the poster, a staff registration, a patrol
 * round, a resident's /my calls, a manager's user or role edit — and keeping the ledger of every write (mixed-calls.ts).
 * Run as a child process of bench/mixed.ts (its own event loop), or in the caller's process (the test).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  letters,
  Recorder,
  type Account,
  type CallFigures,
  type LedgerEntry,
  type Loop,
  type MixedPlan,
} from './mixed-calls';
import { DESK_PERMISSIONS, MIXED_POSITION, type MixedSeed } from './mixed-data';
import { BENCH_PASSWORD } from './data';
import { patrolRound } from './mixed-round';

export const TASK_WEIGHTS = {
  'staff list': 25,
  'public visitor': 15,
  'staff visitor': 10,
  'patrol round': 8,
  resident: 15,
  'user edit': 4,
  'role edit': 3,
} as const;
export type Task = keyof typeof TASK_WEIGHTS;

export interface DriverResult {
  seconds: number;
  startedAt: string;
  tasks: Record<string, number>;
  calls: CallFigures[];
  ledger: LedgerEntry[];
  samples: string[];
}

/** A user's own address, as a phone or a desk behind the front proxy would show it. */
const addressOf = (group: number, n: number) => `10.${group}.${(n >> 8) & 255}.${n & 255}`;

/** Signs every account of the seed in through the API, each from an address of its own. */
export async function signInPlan(
  origin: string,
  seed: MixedSeed,
  opts: { connections: number; duration: number; timeoutMs?: number },
): Promise<MixedPlan> {
  let n = 0;
  const signIn = async (email: string): Promise<Account> => {
    const res = await fetch(`${origin}/tenant/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tenant': seed.code,
        'x-forwarded-for': addressOf(250, n++),
      },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { token: string; user: { id: number } };
    return { token: body.token, id: body.user.id };
  };
  const managers = await Promise.all(seed.managers.map(signIn));
  const inspectors = await Promise.all(seed.inspectors.map(signIn));
  const residents = await Promise.all(seed.residentEmails.map(signIn));
  const clerks = await Promise.all(seed.clerks.map((c) => signIn(c.email)));
  const poster = await fetch(`${origin}/tenant/api/visitor-poster`, {
    headers: { authorization: `Bearer ${managers[0]!.token}`, 'x-tenant': seed.code },
  });
  if (poster.status !== 200) throw new Error(`visitor poster: ${poster.status} ${await poster.text()}`);
  const { url } = (await poster.json()) as { url: string };
  return {
    origin,
    ...opts,
    seed,
    posterToken: decodeURIComponent(url.split('/register/visitors/')[1]!),
    managers: managers.map((m) => m.token),
    inspectors,
    residents,
    clerks,
  };
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
/** A plate the driver chose: Q (never in the seeded plates), the kind's letter, the loop, the loop's sequence. */
const plateOf = (kind: string, loop: Loop) =>
  `Q${kind}${loop.n.toString(36).toUpperCase().padStart(2, '0')}${(loop.seq++).toString(36).toUpperCase()}`;

const CLERK_LISTS: ((l: Loop) => [string, string])[] = [
  () => ['GET /visitors', '/visitors?pageSize=50&sort=-createdAt&include=resident,unit'],
  (l) => ['GET /residents', `/residents?pageSize=50&filter[term]=${pick(l.plan.seed.hosts).lastName}`],
];
const LISTS: ((l: Loop) => [string, string])[] = [
  ...CLERK_LISTS,
  (l) => ['GET /vehicles', `/vehicles?pageSize=50&filter[term]=${pick(l.plan.seed.plates).slice(0, 4)}`],
  () => ['GET /permits', '/permits?pageSize=50'],
  () => ['GET /binnacle', '/binnacle?pageSize=50'],
  () => ['GET /auth/bootstrap', '/auth/bootstrap'],
  () => ['GET /users', '/users?pageSize=50&include=role'],
  () => ['GET /roles', '/roles?pageSize=50'],
];

/** The poster's registrations this process sent, in every run. */
let posters = 0;

const manager = (l: Loop) => l.plan.managers[l.n % l.plan.managers.length]!;

/**
 * A list, read by a manager — or half the time by the loop's clerk, whose role a manager's edit changes under them
 * (the lists a clerk reads are in both desks' permissions): admission takes the change on their next request.
 */
async function staffList(l: Loop) {
  if (Math.random() < 0.5) {
    const [kind, path] = pick(CLERK_LISTS)(l);
    await l.rec.call(`${kind} (clerk)`, 'GET', path, { token: l.plan.clerks[l.n]!.token });
    return;
  }
  const [kind, path] = pick(LISTS)(l);
  await l.rec.call(kind, 'GET', path, { token: manager(l) });
}

/** A visitor scans the poster: opens the link, then registers naming a unit and its resident's last name. */
async function registerThroughPoster(l: Loop, host: MixedSeed['hosts'][number]) {
  const address = addressOf(l.n, l.seq);
  await l.rec.call('GET /public/visitors/token', 'GET', `/public/visitors/token/${l.plan.posterToken}`, {
    address,
  });
  if (Date.now() > l.until) return;
  const plate = plateOf('P', l);
  const requestId = l.rec.requestId(l.n);
  const answer = await l.rec.call('POST /public/visitors', 'POST', '/public/visitors', {
    address,
    requestId,
    json: {
      token: l.plan.posterToken,
      name: `Guest ${letters(l.n)} ${letters(l.seq)}`,
      plate,
      email: l.seq % 2 ? `guest-${plate.toLowerCase()}@visitors.bench` : undefined,
      unit: host.unit,
      residentName: host.lastName,
    },
  });
  const id = (answer?.body as { visitor?: { id: number } } | null)?.visitor?.id;
  l.rec.write({ kind: 'public visitor', key: plate, id, requestId, loop: l.n, seq: l.seq }, answer);
}

/**
 * The residents in turn, across loops and runs (the poster's cap is 3 requests a day per resident); one time in
 * four, two visitors of the same resident register at the same moment, from their own phones.
 */
async function publicVisitor(l: Loop) {
  const { hosts } = l.plan.seed;
  const host = hosts[posters++ % hosts.length]!;
  if (Math.random() < 0.25)
    await Promise.all([registerThroughPoster(l, host), registerThroughPoster(l, host)]);
  else await registerThroughPoster(l, host);
}

async function staffVisitor(l: Loop) {
  const plate = plateOf('S', l);
  const requestId = l.rec.requestId(l.n);
  const answer = await l.rec.call('POST /visitors', 'POST', '/visitors', {
    token: manager(l),
    requestId,
    json: {
      name: `Visitor ${letters(l.n)} ${letters(l.seq)}`,
      plate,
      residentId: pick(l.plan.seed.hosts).residentId,
      color: 'Blue',
    },
  });
  const id = (answer?.body as { id?: number } | null)?.id;
  l.rec.write({ kind: 'staff visitor', key: plate, id, requestId, loop: l.n, seq: l.seq }, answer);
  if (id) l.registered.push(plate);
}

/** A resident reads their vehicles, permits and visitors, then adds a vehicle and asks for its permit, or a visitor. */
async function resident(l: Loop) {
  const token = l.plan.residents[l.n]!.token;
  for (const [kind, path] of [
    ['GET /my/vehicles', '/my/vehicles?pageSize=50'],
    ['GET /my/permits', '/my/permits?pageSize=50'],
    ['GET /my/visitors', '/my/visitors?pageSize=50'],
  ] as const) {
    if (Date.now() > l.until) return;
    await l.rec.call(kind, 'GET', path, { token });
  }
  if (Date.now() > l.until) return;
  if (l.seq % 2) {
    const plate = plateOf('R', l);
    const requestId = l.rec.requestId(l.n);
    const answer = await l.rec.call('POST /my/visitors', 'POST', '/my/visitors', {
      token,
      requestId,
      json: { name: `Friend ${letters(l.n)} ${letters(l.seq)}`, plate },
    });
    const id = (answer?.body as { id?: number } | null)?.id;
    l.rec.write({ kind: 'resident visitor', key: plate, id, requestId, loop: l.n, seq: l.seq }, answer);
    return;
  }
  const plate = plateOf('V', l);
  let requestId = l.rec.requestId(l.n);
  const vehicle = await l.rec.call('POST /my/vehicles', 'POST', '/my/vehicles', {
    token,
    requestId,
    json: { plate, color: 'Grey', vehicleType: pick(['suv', 'sedan', 'hatchback']) },
  });
  const vehicleId = (vehicle?.body as { id?: number } | null)?.id;
  const v = l.rec.write(
    { kind: 'resident vehicle', key: plate, id: vehicleId, requestId, loop: l.n, seq: l.seq },
    vehicle,
  );
  if (!v.ok || !vehicleId || Date.now() > l.until) return;
  l.registered.push(plate);
  requestId = l.rec.requestId(l.n);
  const permit = await l.rec.call('POST /my/permits', 'POST', '/my/permits', {
    token,
    requestId,
    json: { vehicleId },
  });
  const permitId = (permit?.body as { id?: number } | null)?.id;
  l.rec.write(
    { kind: 'resident permit', key: String(vehicleId), id: permitId, requestId, loop: l.n, seq: l.seq },
    permit,
  );
}

/** A manager edits the loop's clerk (name, and role between two desks), or now and then invites a new user. */
async function userEdit(l: Loop) {
  const { seed } = l.plan;
  const requestId = l.rec.requestId(l.n);
  const seq = l.seq++;
  if (seq % 4 === 3) {
    const username = `mx-${l.n}-${seq}`;
    const answer = await l.rec.call('POST /users', 'POST', '/users', {
      token: manager(l),
      requestId,
      json: {
        username,
        fullName: `New ${letters(l.n)} ${letters(seq)}`,
        email: `${username}@mix.bench`,
        roleId: seed.desks[l.n]!.id,
        language: 'en',
      },
    });
    const id = (answer?.body as { id?: number } | null)?.id;
    l.rec.write({ kind: 'user create', key: username, id, requestId, loop: l.n, seq }, answer);
    return;
  }
  const clerk = seed.clerks[l.n]!;
  const fullName = `Clerk ${letters(l.n)} ${letters(seq)}`;
  const roleId = seed.desks[(l.n + (seq % 2)) % seed.desks.length]!.id;
  const answer = await l.rec.call('PUT /users/:id', 'PUT', `/users/${clerk.id}`, {
    token: manager(l),
    requestId,
    json: { username: clerk.username, fullName, email: clerk.email, roleId, language: 'en' },
  });
  l.rec.write(
    {
      kind: 'user edit',
      key: String(clerk.id),
      value: `${fullName}|${roleId}`,
      requestId,
      loop: l.n,
      seq,
    },
    answer,
  );
}

/** A manager edits the loop's desk role (description, permissions), or now and then makes a new role. */
async function roleEdit(l: Loop) {
  const requestId = l.rec.requestId(l.n);
  const seq = l.seq++;
  if (seq % 4 === 3) {
    const name = `Mixed ${l.n}-${seq}`;
    const answer = await l.rec.call('POST /roles', 'POST', '/roles', {
      token: manager(l),
      requestId,
      json: { name, description: 'Made under load', permissions: DESK_PERMISSIONS[0] },
    });
    const id = (answer?.body as { id?: number } | null)?.id;
    l.rec.write({ kind: 'role create', key: name, id, requestId, loop: l.n, seq }, answer);
    return;
  }
  const desk = l.plan.seed.desks[l.n]!;
  const description = `Revision ${l.n}-${seq}`;
  const answer = await l.rec.call('PUT /roles/:id', 'PUT', `/roles/${desk.id}`, {
    token: manager(l),
    requestId,
    json: { name: desk.name, description, permissions: DESK_PERMISSIONS[seq % 2] },
  });
  l.rec.write(
    { kind: 'role edit', key: String(desk.id), value: description, requestId, loop: l.n, seq },
    answer,
  );
}

const TASKS: Record<Task, (l: Loop) => Promise<void>> = {
  'staff list': staffList,
  'public visitor': publicVisitor,
  'staff visitor': staffVisitor,
  'patrol round': (l) => patrolRound(l, MIXED_POSITION),
  resident,
  'user edit': userEdit,
  'role edit': roleEdit,
};

function pickTask(weights: Record<Task, number>): Task {
  const entries = Object.entries(weights) as [Task, number][];
  let r = Math.random() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [task, w] of entries) if ((r -= w) < 0) return task;
  return entries[0]![0];
}

/** Runs the loops until the duration is up (a task under way stops at its next call) and answers the figures. */
export async function runDriver(
  plan: MixedPlan,
  weights: Record<Task, number> = TASK_WEIGHTS,
): Promise<DriverResult> {
  const rec = new Recorder(plan.origin, plan.seed.code, plan.timeoutMs ?? 30_000);
  const started = Date.now();
  const until = started + plan.duration * 1000;
  const tasks: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: plan.connections }, async (_, n) => {
      const loop: Loop = {
        n,
        seq: plan.seqStart ?? 0,
        rec,
        plan,
        until,
        registered: [],
        // A run before this one may have ended in a round: the first round asks first, as a phone opening does.
        roundLeftOpen: true,
      };
      while (Date.now() < until) {
        const task = pickTask(weights);
        tasks[task] = (tasks[task] ?? 0) + 1;
        await TASKS[task](loop);
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  return {
    seconds,
    startedAt: new Date(started).toISOString(),
    tasks,
    calls: rec.figures(seconds),
    ledger: rec.ledger,
    samples: rec.samples,
  };
}

/** The same figures for one call with no work behind it (GET /api/health), at the same connections. */
export async function runBaseline(origin: string, connections: number, seconds: number) {
  const rec = new Recorder(origin, '', 30_000);
  const until = Date.now() + seconds * 1000;
  const began = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) await rec.call('GET /api/health', 'GET', '/api/health', { raw: true });
    }),
  );
  return rec.figures((Date.now() - began) / 1000)[0]!;
}

// A child process of bench/mixed.ts (forked with this file as its program), not a module imported in another's.
if (process.send && path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  process.on(
    'message',
    (m: { plan: MixedPlan } | { baseline: { origin: string; connections: number; seconds: number } }) => {
      const run =
        'plan' in m
          ? runDriver(m.plan)
          : runBaseline(m.baseline.origin, m.baseline.connections, m.baseline.seconds);
      run.then(
        (result) => process.send!({ result }),
        (err: Error) => process.send!({ error: err.stack ?? err.message }),
      );
    },
  );
}
