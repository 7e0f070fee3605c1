import type {
  FreeSpotsResponse,
  ListResponse,
  ParkingMap,
  ReservationItem,
  SpotDetail,
  SpotItem,
} from '@parkade/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
  type TestUser,
} from '../../test/harness';
import { binnacle } from '../binnacle/table';
import { mailOutbox } from '../outbox/table';
import { properties } from '../properties/table';
import { residents } from '../residents/table';
import { reservations } from './table';

/**
 * A resident asks for a reserved spot (decision 0039 §5), on a real database: the rules are staff's (rules.ts)
 * with the resident's own; a request is pending or confirmed by the property's settings; staff decide a pending
 * one; a pending request holds the spot, a rejected one does not. With DATABASE_URL the parallel requests below
 * really run at once on PostgreSQL.
 */
let ctx: TestContext;
let code: string;
let propertyId: number;
let managerToken: string;
let assistantToken: string;
let ana: TestUser;
let anaToken: string;
let ben: TestUser;
let benToken: string;
let r1: SpotItem;
let r2: SpotItem;
let r3: SpotItem;
let plain: SpotItem;

type Res = { statusCode: number; body: string; json: <X>() => X };
function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { token?: string; lang?: string } = {},
) {
  return ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token: opts.token ?? managerToken, lang: opts.lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
function json<T>(res: Res, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}
const errors = (res: Res) => res.json<{ errors: Record<string, string[]> }>().errors;
const message = (res: Res) => res.json<{ message: string }>().message;
const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const free = (token: string, startsOn: string, endsOn: string, lang?: string) =>
  call('GET', `/my/reservations/free-spots?startsOn=${startsOn}&endsOn=${endsOn}`, undefined, {
    token,
    lang,
  });
const ask = (token: string, spotId: number, startsOn: string, endsOn: string, lang?: string) =>
  call('POST', '/my/reservations', { spotId, startsOn, endsOn }, { token, lang });
const freeNumbers = async (token: string, startsOn: string, endsOn: string) =>
  json<FreeSpotsResponse>(await free(token, startsOn, endsOn)).data.map((s) => s.number);

async function setSettings(reservedSpaces: Record<string, unknown>) {
  await ctx.database.withScope({ area: 'central' }, (tx) =>
    tx.update(properties).set({ settings: { reservedSpaces } }).where(eq(properties.id, propertyId)),
  );
}
/** Clears every reservation, so each test starts with all spots free and no one over a limit. */
async function clearReservations() {
  await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
    tx.delete(reservations).where(eq(reservations.propertyId, propertyId)),
  );
}
const audit = async (id: number) =>
  (
    await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx
        .select({ action: binnacle.action })
        .from(binnacle)
        .where(and(eq(binnacle.entity, 'reservations'), eq(binnacle.entityId, String(id))))
        .orderBy(asc(binnacle.id)),
    )
  ).map((e) => e.action);
const mailsTo = (to: string) =>
  ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select({ subject: mailOutbox.subject, text: mailOutbox.text, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(asc(mailOutbox.id)),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database, { name: 'Maple Court' });
  code = p.code;
  propertyId = p.id;
  managerToken = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
  assistantToken = await login(ctx, await createTenantUser(ctx.database, p.id, 'assistant'), code);
  ana = await createTenantUser(ctx.database, p.id, null, { fullName: 'Ana Asker', language: 'es' });
  ben = await createTenantUser(ctx.database, p.id, null, { fullName: 'Ben Booker' });
  anaToken = await login(ctx, ana, code);
  benToken = await login(ctx, ben, code);
  json(
    await call('POST', '/parking-map/areas', {
      name: 'North',
      spotsCount: 3,
      startNumber: 1,
      spotType: 'reserved',
    }),
  );
  json(
    await call('POST', '/parking-map/areas', {
      name: 'South',
      spotsCount: 1,
      startNumber: 9,
      spotType: 'resident',
    }),
  );
  const all = json<ListResponse<SpotItem>>(await call('GET', '/spots?all=1')).data;
  [r1, r2, r3, plain] = ['1', '2', '3', '9'].map((n) => all.find((s) => s.number === n)!) as [
    SpotItem,
    SpotItem,
    SpotItem,
    SpotItem,
  ];
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await clearReservations();
  await setSettings({});
});

describe('a resident asks for a reserved spot', () => {
  it('offers the reserved spots in service that are free on every day asked, by number and area only', async () => {
    json(await call('PUT', `/spots/${r3.id}`, { number: '3', type: 'reserved', status: 'outOfService' }));
    try {
      // Staff hold spot 1 on one day of the range; spot 9 is not a reserved spot; spot 3 is out of service.
      json(
        await call('POST', '/reservations', {
          spotId: r1.id,
          residentId: ben.id,
          startsOn: day(5),
          endsOn: day(5),
        }),
      );
      const res = json<FreeSpotsResponse>(await free(anaToken, day(3), day(6)));
      expect(res).toEqual({ data: [{ id: r2.id, number: '2', area: 'North' }], approvalRequired: true });
      // Outside the held day, spot 1 is free again.
      expect(await freeNumbers(anaToken, day(6), day(8))).toEqual(['1', '2']);
    } finally {
      json(await call('PUT', `/spots/${r3.id}`, { number: '3', type: 'reserved', status: 'available' }));
    }
  });

  it('refuses past, backwards and too long dates in the caller language, before offering any spot', async () => {
    const past = await free(anaToken, day(-1), day(2));
    expect(past.statusCode).toBe(422);
    expect(errors(past)).toEqual({ startsOn: ['Choose a start date from today on'] });
    expect(errors(await free(anaToken, day(-1), day(2), 'es'))).toEqual({
      startsOn: ['Elija una fecha de inicio a partir de hoy'],
    });
    expect(errors(await free(anaToken, day(4), day(2), 'zh'))).toEqual({
      endsOn: ['结束日期不能早于开始日期'],
    });
    await setSettings({ maxReservationDays: 7 });
    expect(errors(await ask(anaToken, r1.id, day(1), day(8)))).toEqual({
      endsOn: ['A reservation lasts at most 7 days at this property'],
    });
    expect(errors(await ask(anaToken, r1.id, day(-2), day(1)))).toEqual({
      startsOn: ['Choose a start date from today on'],
    });
    // The same rule as staff's: staff are refused the same length.
    const staff = await call('POST', '/reservations', {
      spotId: r1.id,
      residentId: ana.id,
      startsOn: day(1),
      endsOn: day(8),
    });
    expect(errors(staff)).toEqual({ endsOn: ['A reservation lasts at most 7 days at this property'] });
  });

  it('lands pending when staff approve; it holds the spot but is not Reserved until a manager approves it', async () => {
    const asked = json<ReservationItem>(await ask(anaToken, r1.id, day(0), day(3)));
    expect(asked).toMatchObject({ status: 'pending', residentId: ana.id, spot: { number: '1' } });
    // Held: no other resident is offered it or gets it; the map does not call it Reserved yet.
    expect(await freeNumbers(benToken, day(2), day(4))).toEqual(['2', '3']);
    const taken = await ask(benToken, r1.id, day(2), day(4));
    expect(errors(taken)).toEqual({
      spotId: ['This spot was just taken for these dates: choose another free spot'],
    });
    const map = json<ParkingMap>(await call('GET', '/parking-map'));
    expect(map.spots.find((s) => s.id === r1.id)).toMatchObject({ reservedNow: false, status: 'available' });
    const detail = json<SpotDetail>(await call('GET', `/spots/${r1.id}/detail`));
    expect(detail.reservation).toMatchObject({ id: asked.id, status: 'pending' });
    // Staff see it in their list to decide; the assistant may read it but not approve it.
    const pending = json<ListResponse<ReservationItem>>(
      await call('GET', '/reservations?filter[status]=pending&include=spot,resident'),
    );
    expect(pending.data.map((r) => [r.id, r.resident?.fullName])).toEqual([[asked.id, 'Ana Asker']]);
    // Their search finds it by the resident's name or the spot's number.
    const found = json<ListResponse<ReservationItem>>(await call('GET', '/reservations?filter[term]=asker'));
    expect(found.data.map((r) => r.id)).toEqual([asked.id]);
    expect(
      (await call('POST', `/reservations/${asked.id}/approve`, undefined, { token: assistantToken }))
        .statusCode,
    ).toBe(403);
    // A resident cannot decide their own.
    expect(
      (await call('POST', `/reservations/${asked.id}/approve`, undefined, { token: anaToken })).statusCode,
    ).toBe(403);
    const approved = json<ReservationItem>(await call('POST', `/reservations/${asked.id}/approve`));
    expect(approved).toMatchObject({ status: 'confirmed', decisionComment: null });
    expect(approved.decidedAt).toBeTruthy();
    expect(
      json<ParkingMap>(await call('GET', '/parking-map')).spots.find((s) => s.id === r1.id),
    ).toMatchObject({
      reservedNow: true,
      status: 'reserved',
    });
    const mine = json<ListResponse<ReservationItem>>(
      await call('GET', '/my/reservations', undefined, { token: anaToken }),
    );
    expect(mine.data.map((r) => [r.id, r.status])).toEqual([[asked.id, 'confirmed']]);
    expect(await audit(asked.id)).toEqual(['create', 'approve']);
    // Ana reads Spanish: the mail is hers, in her language, with her page.
    const mails = await mailsTo(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'reservation-approved',
      subject: 'Su reserva de la plaza 1 en Maple Court está confirmada',
    });
    expect(mails[0]!.text).toContain('/my/reservations');
    // Decided once: a second decision is refused, naming the status.
    const again = await call('POST', `/reservations/${asked.id}/reject`, { comment: 'No' });
    expect(again.statusCode).toBe(422);
    expect(message(again)).toBe('Only a request pending approval can be decided; this one is Confirmed');
  });

  it('frees the spot when staff reject, with the reason the resident reads', async () => {
    const asked = json<ReservationItem>(await ask(benToken, r2.id, day(1), day(2)));
    const noComment = await call('POST', `/reservations/${asked.id}/reject`, { comment: '  ' });
    expect(errors(noComment)).toEqual({ comment: ['This field is required'] });
    const rejected = json<ReservationItem>(
      await call('POST', `/reservations/${asked.id}/reject`, { comment: 'Spot 2 is being repainted' }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', decisionComment: 'Spot 2 is being repainted' });
    expect(await freeNumbers(anaToken, day(1), day(2))).toEqual(['1', '2', '3']);
    const mine = json<ListResponse<ReservationItem>>(
      await call('GET', '/my/reservations', undefined, { token: benToken }),
    );
    expect(mine.data).toEqual([
      expect.objectContaining({ status: 'rejected', decisionComment: 'Spot 2 is being repainted' }),
    ]);
    const [mail] = await mailsTo(ben.email);
    expect(mail).toMatchObject({ subject: 'Your request for spot 2 at Maple Court was not approved' });
    expect(mail!.text).toContain('Reason: Spot 2 is being repainted');
    // Nothing to end; and the freed dates may be asked for again (the constraint leaves rejected rows out).
    expect(
      (await call('POST', `/my/reservations/${asked.id}/end`, undefined, { token: benToken })).statusCode,
    ).toBe(409);
    expect(json<ReservationItem>(await ask(anaToken, r2.id, day(1), day(2))).status).toBe('pending');
  });

  it('is confirmed at once when the settings do not ask for approval', async () => {
    await setSettings({ approvalRequired: false });
    expect(json<FreeSpotsResponse>(await free(anaToken, day(1), day(2))).approvalRequired).toBe(false);
    const asked = json<ReservationItem>(await ask(anaToken, r3.id, day(0), day(2)));
    expect(asked.status).toBe('confirmed');
    expect(json<SpotItem>(await call('GET', `/spots/${r3.id}`)).status).toBe('reserved');
    const approve = await call('POST', `/reservations/${asked.id}/approve`);
    expect(approve.statusCode).toBe(422);
  });

  it("keeps the resident within their reservations allowed (their own value, else the property's)", async () => {
    // Default: one at a time, pending or confirmed, until it is over.
    json(await ask(anaToken, r1.id, day(1), day(2)));
    const second = await ask(anaToken, r2.id, day(5), day(6));
    expect(second.statusCode).toBe(422);
    expect(message(second)).toBe(
      'You already hold 1 reservation(s) now or to come, the most this property allows: cancel one to ask for another',
    );
    // Known before choosing a spot.
    expect((await free(anaToken, day(5), day(6))).statusCode).toBe(422);
    // Withdrawing the pending request gives the allowance back.
    const [held] = json<ListResponse<ReservationItem>>(
      await call('GET', '/my/reservations', undefined, { token: anaToken }),
    ).data;
    expect(
      json<{ outcome: string }>(
        await call('POST', `/my/reservations/${held!.id}/end`, undefined, { token: anaToken }),
      ).outcome,
    ).toBe('cancelled');
    json(await ask(anaToken, r2.id, day(5), day(6)));
    // The property's setting, then the resident's own value over it.
    await setSettings({ reservationsAllowed: 2 });
    json(await ask(anaToken, r1.id, day(8), day(9)));
    await setSettings({ reservationsAllowed: 0 });
    expect(message(await ask(benToken, r3.id, day(1), day(1)))).toBe(
      'This property does not take reservation requests from residents: ask the office',
    );
    await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx.insert(residents).values({ propertyId, id: ben.id, reservationsAllowed: 1 }),
    );
    try {
      expect(json<ReservationItem>(await ask(benToken, r3.id, day(1), day(1))).status).toBe('pending');
    } finally {
      await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
        tx.delete(residents).where(and(eq(residents.propertyId, propertyId), eq(residents.id, ben.id))),
      );
    }
    // Staff decide beyond it.
    json(
      await call('POST', '/reservations', {
        spotId: r3.id,
        residentId: ana.id,
        startsOn: day(20),
        endsOn: day(21),
      }),
    );
  });

  it('offers only what the property offers: not a plain resident spot, not another property’s spot', async () => {
    expect(errors(await ask(anaToken, plain.id, day(1), day(2)))).toEqual({
      spotId: ['Choose one of the free reserved spots'],
    });
    expect(Object.keys(errors(await ask(anaToken, 987654, day(1), day(2))))).toEqual(['spotId']);
    // Staff routes stay staff's; the resident's routes stay the resident's.
    expect(
      (await call('POST', '/my/reservations', { spotId: r1.id, startsOn: day(1), endsOn: day(2) }))
        .statusCode,
    ).toBe(403);
    expect((await free(managerToken, day(1), day(2))).statusCode).toBe(403);
  });
});

describe('two requests at the same moment', () => {
  it('gives a spot and its dates to one resident only', async () => {
    const results = await Promise.all([
      ask(anaToken, r1.id, day(10), day(12)),
      ask(benToken, r1.id, day(11), day(13)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = results.find((r) => r.statusCode === 422)!;
    expect(Object.keys(errors(refused))).toEqual(['spotId']);
    const held = json<ListResponse<ReservationItem>>(
      await call('GET', `/reservations?filter[spotId]=${r1.id}`),
    );
    expect(held.data).toHaveLength(1);
  });

  it('counts two requests of one resident made at once against their limit one after the other', async () => {
    const results = await Promise.all([
      ask(benToken, r1.id, day(10), day(12)),
      ask(benToken, r2.id, day(10), day(12)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const mine = json<ListResponse<ReservationItem>>(
      await call('GET', '/my/reservations', undefined, { token: benToken }),
    );
    expect(mine.data).toHaveLength(1);
  });
});
