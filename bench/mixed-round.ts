/**
 * A patrol round of the mixed load (decision 0056), as the inspector's phone makes it (decisions 0027, 0029, 0038):
 * check in with the position, take the offline copy, look plates up (the property's, near misses, banned, the
 * run's own registrations), record observations with their client keys — one sent twice (the queue retried), one
 * kept offline and sent after check-out with its round and time — and check out.
 */
import crypto from 'node:crypto';
import type { Answer, Loop } from './mixed-calls';

const LOOKUPS = 6;

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

function plateToLookUp(l: Loop, i: number): string {
  const r = Math.random();
  if (i % 3 === 2 && l.registered.length) return pick(l.registered);
  if (r < 0.1) return `BAN${1 + Math.floor(Math.random() * 20)}`;
  const plate = pick(l.plan.seed.plates);
  // One in five typed with a character missing: found among the near plates.
  return r < 0.3 ? plate.slice(0, -1) : plate;
}

type Fields = Record<string, string>;

const formOf = (fields: Fields) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
};

/** An open check-in of this inspector left by a call that got no answer: the phone asks for it and closes it. */
async function closeLeftOpen(l: Loop, token: string, at: object) {
  const active = await l.rec.call('GET /patrolling/check-ins/active', 'GET', '/patrolling/check-ins/active', {
    token,
  });
  const open = (active?.body as { checkIn?: { id: number } | null } | null)?.checkIn;
  if (!open) return;
  await checkOut(l, token, at, open.id);
}

async function checkOut(l: Loop, token: string, at: object, checkInId: number) {
  const requestId = l.rec.requestId(l.n);
  const seq = l.seq++;
  const answer = await l.rec.call('POST /patrolling/check-out', 'POST', '/patrolling/check-out', {
    token,
    requestId,
    json: { ...at, summary: `Round ${checkInId}: nothing to report` },
  });
  return l.rec.write({ kind: 'check-out', key: String(checkInId), requestId, loop: l.n, seq }, answer);
}

async function observe(l: Loop, token: string, fields: Fields, kind: string) {
  const requestId = l.rec.requestId(l.n);
  const seq = l.seq++;
  const answer: Answer | null = await l.rec.call(kind, 'POST', '/patrolling/observations', {
    token,
    requestId,
    form: formOf(fields),
  });
  l.rec.write(
    {
      kind: 'observation',
      key: fields.clientKey!,
      id: (answer?.body as { id?: number } | null)?.id,
      value: fields.checkInId,
      requestId,
      loop: l.n,
      seq,
    },
    answer,
  );
}

export async function patrolRound(l: Loop, position: { latitude: number; longitude: number }) {
  const inspector = l.plan.inspectors[l.n]!;
  const { token } = inspector;
  // A few metres from the property's point: within its radius.
  const at = { latitude: position.latitude + 0.0001, longitude: position.longitude - 0.0001, accuracy: 8 };
  if (l.roundLeftOpen) {
    await closeLeftOpen(l, token, at);
    l.roundLeftOpen = false;
  }
  const requestId = l.rec.requestId(l.n);
  const seq = l.seq++;
  const answer = await l.rec.call('POST /patrolling/check-ins', 'POST', '/patrolling/check-ins', {
    token,
    requestId,
    json: at,
  });
  const checkInId = (answer?.body as { id?: number } | null)?.id;
  const written = l.rec.write(
    { kind: 'check-in', key: String(inspector.id), id: checkInId, requestId, loop: l.n, seq },
    answer,
  );
  if (!written.ok || !checkInId) {
    l.roundLeftOpen = true;
    return;
  }
  const late = () => Date.now() > l.until;
  if (late()) return void (l.roundLeftOpen = true);
  await l.rec.call('GET /patrolling/offline-data', 'GET', '/patrolling/offline-data', { token });
  const held: Fields[] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    if (late()) return void (l.roundLeftOpen = true);
    const plate = plateToLookUp(l, i);
    const lookup = await l.rec.call('GET /patrolling/lookup', 'GET', `/patrolling/lookup?plate=${plate}`, {
      token,
    });
    if (i % 2 === 0 || late()) continue;
    const verdict = (lookup?.body as { matches?: { verdict?: string }[] } | null)?.matches?.[0]?.verdict;
    const fields: Fields = {
      clientKey: crypto.randomUUID(),
      checkInId: String(checkInId),
      observedAt: new Date().toISOString(),
      plate,
      notes: `Parked by the ${pick(['gate', 'ramp', 'bins', 'lobby'])}`,
      ...(verdict ? { shownVerdict: verdict } : {}),
    };
    // The last one waits in the phone's queue (no signal in the basement): sent after check-out.
    if (i === LOOKUPS - 1) {
      held.push(fields);
      continue;
    }
    // The second one is sent twice at once: the queue gave up waiting for an answer and sent it again.
    if (i === 3)
      await Promise.all([
        observe(l, token, fields, 'POST /patrolling/observations'),
        observe(l, token, fields, 'POST /patrolling/observations (again)'),
      ]);
    else await observe(l, token, fields, 'POST /patrolling/observations');
    // The first one is sent again once answered, as a queue that did not hear the answer retries.
    if (i === 1 && !late()) await observe(l, token, fields, 'POST /patrolling/observations (again)');
  }
  if (late()) return void (l.roundLeftOpen = true);
  const out = await checkOut(l, token, at, checkInId);
  if (!out.ok) l.roundLeftOpen = true;
  for (const fields of held) {
    if (late()) return;
    await observe(l, token, fields, 'POST /patrolling/observations (late)');
  }
}
