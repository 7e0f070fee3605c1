import type { CheckIn, Observation } from '@parkade/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import { createTenantUser, formPayload, headers, login } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';

/**
 * An observation's idempotency key (issue 35 §4, decision 0038): the phone's `clientKey` is one observation of one
 * round of one officer. The round and its ownership are checked before a repeat is answered; a repeat in that round
 * answers the stored observation; the key used by another officer, or in another round, is a 409 and answers
 * nothing of the observation that holds it; an answer sent to an officer off round carries no lookup data.
 */
const s = tenantSuite({ role: 'parking-inspector' });

/** The second inspector of the property. */
let other: string;

beforeAll(async () => {
  other = await login(
    s.ctx,
    await createTenantUser(s.ctx.database, s.propertyId, 'parking-inspector'),
    s.code,
  );
});

const checkIn = async (token = s.token) =>
  ok<CheckIn>(await s.call('POST', '/patrolling/check-ins', { latitude: 40, longitude: -75 }, { token }));
const checkOut = async (token = s.token) =>
  ok<CheckIn>(await s.call('POST', '/patrolling/check-out', {}, { token }));

async function observe(fields: Record<string, string | number>, token = s.token, lang?: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/patrolling/observations',
    headers: { ...headers({ tenant: s.code, token, lang }), 'content-type': contentType },
    payload,
  });
}

/** The rows stored under a key (ids as numbers: PGlite and PostgreSQL answer bigint differently). */
const rowsOf = async (clientKey: string) =>
  (
    await s.inProperty((tx) =>
      query<{ id: string; check_in_id: string; notes: string | null; has_lookup: boolean }>(
        tx,
        sql`select id, check_in_id, notes, lookup is not null as has_lookup from patrol_observations
          where client_key = ${clientKey} order by id`,
      ),
    )
  ).map((r) => ({
    id: Number(r.id),
    checkInId: Number(r.check_in_id),
    notes: r.notes,
    hasLookup: r.has_lookup,
  }));

/** The first inspector's stored observation of their round, and its key. */
let round: CheckIn;
let first: Observation;
const key = randomUUID();
const fields = () => ({
  clientKey: key,
  checkInId: round.id,
  observedAt: first?.observedAt ?? new Date().toISOString(),
  plate: 'KEY 451',
  notes: 'Seen by the first inspector',
  shownVerdict: 'permitted',
});

describe("another officer's key", () => {
  beforeAll(async () => {
    round = await checkIn();
    first = await ok<Observation>(await observe(fields()));
    expect(first).toMatchObject({
      duplicate: false,
      notes: 'Seen by the first inspector',
      lookup: { plate: 'KEY451' },
    });
  });

  it('is refused to an officer not on a round, before anything of the observation is answered', async () => {
    const res = await observe({ clientKey: key, plate: 'KEY 451' }, other);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code?: string }>().code).toBe('check-in-required');
    expect(res.body).not.toContain('first inspector');
    // Naming the first inspector's check-in does not make it theirs.
    const named = await observe({ ...fields(), plate: 'KEY 451' }, other);
    expect(named.statusCode, named.body).toBe(422);
    expect(named.body).not.toContain('first inspector');
  });

  it('is a 409 to an officer on their own round, who is told, and neither observation is lost or answered', async () => {
    const theirs = await checkIn(other);
    const res = await observe(
      { clientKey: key, plate: 'OTHER 9', notes: 'Seen by the second inspector' },
      other,
      'es',
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code?: string }>().code).toBe('observation-key-taken');
    expect(res.json<{ message: string }>().message).toMatch(/ya la usa otra observación/);
    expect(res.body).not.toContain('first inspector');
    expect(res.body).not.toContain('KEY451');
    // The first stays as it was; nothing of the second is stored under the key.
    expect(await rowsOf(key)).toEqual([
      { id: first.id, checkInId: round.id, notes: 'Seen by the first inspector', hasLookup: true },
    ]);
    // With a key of their own, the second inspector's observation is stored in their round.
    const own = await ok<Observation>(
      await observe(
        { clientKey: randomUUID(), plate: 'OTHER 9', notes: 'Seen by the second inspector' },
        other,
      ),
    );
    expect(own).toMatchObject({ checkInId: theirs.id, duplicate: false });
    await checkOut(other);
  });
});

describe("the officer's own key", () => {
  it('sent again in its round answers the stored observation, and stores nothing', async () => {
    const again = await ok<Observation>(await observe(fields()));
    expect(again).toMatchObject({ id: first.id, duplicate: true, lookup: { plate: 'KEY451' } });
    expect(await rowsOf(key)).toHaveLength(1);
  });

  it('sent again after check-out is answered without lookup data (the round is over)', async () => {
    await checkOut();
    const late = await ok<Observation>(await observe(fields()));
    expect(late).toMatchObject({ id: first.id, duplicate: true, notes: 'Seen by the first inspector' });
    expect(late.lookup).toBeNull();
    expect(late.changedFrom).toBeNull();
  });

  it('is a 409 in another round', async () => {
    const next = await checkIn();
    const res = await observe({ clientKey: key, plate: 'KEY 451' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code?: string }>().code).toBe('observation-key-taken');
    expect(res.body).not.toContain('first inspector');
    expect((await rowsOf(key)).map((r) => r.checkInId)).toEqual([round.id]);
    expect(next.id).not.toBe(round.id);
    await checkOut();
  });
});

describe('an observation sent late, after check-out', () => {
  it('is stored with the lookup at arrival, and answered without lookup data', async () => {
    const during = await checkIn();
    const observedAt = new Date().toISOString();
    await checkOut();
    const clientKey = randomUUID();
    const late = await ok<Observation>(
      await observe({
        clientKey,
        checkInId: during.id,
        observedAt,
        plate: 'LATE 77',
        shownVerdict: 'permitted',
      }),
    );
    expect(late).toMatchObject({ checkInId: during.id, plate: 'LATE 77', duplicate: false });
    expect(late.lookup).toBeNull();
    expect(late.changedFrom).toBeNull();
    // Staff read it as it was stored: the lookup then, and the verdict that changed since the phone showed it.
    expect(await rowsOf(clientKey)).toEqual([expect.objectContaining({ hasLookup: true })]);
    const manager = await login(
      s.ctx,
      await createTenantUser(s.ctx.database, s.propertyId, 'manager'),
      s.code,
    );
    const report = await ok<{ observationList: Observation[] }>(
      await s.call('GET', `/patrolling-reports/${during.reportId}`, undefined, { token: manager }),
    );
    expect(report.observationList[0]).toMatchObject({
      lookup: { plate: 'LATE77' },
      changedFrom: 'permitted',
    });
  });
});
