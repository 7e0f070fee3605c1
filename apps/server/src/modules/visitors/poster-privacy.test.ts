import {
  POSTER_REQUESTS_PER_DAY,
  type PublicVisitorLink,
  type PublicVisitorResult,
  type ResidentItem,
  type VisitorItem,
  type VisitorPoster,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { headers, login } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { mailOutbox } from '../outbox/table';
import { units } from '../units/table';
import { MAIL_TEXT_MAX } from './mail-text';
import { visitors } from './table';
import { expireVisitorPermits } from './job';

/**
 * The poster is printed on a wall (issue 35 §2; decision 0037): what a stranger holding its token can learn about a
 * resident, what they can use up, and what they can make the server mail. Every request here is anonymous.
 */
const s = tenantSuite({ role: 'manager' });
type Errors = { message: string; errors: Record<string, string[]> };

let poster: string;
let n = 0;

/** An anonymous call (no token) on the property's address. */
const anon = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang?: string) =>
  s.ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: s.code, lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });

const unitIds: Record<string, number> = {};

/** A resident holding units 101 and 102 (and their own limits, when given), signed in. */
async function newResident(fullName: string, over: Record<string, unknown> = {}) {
  n += 1;
  const email = `host${n}@poster-privacy.test`;
  const r = await ok<ResidentItem>(
    await s.call('POST', '/residents', {
      fullName,
      email,
      unitIds: [unitIds['101'], unitIds['102']],
      password: 'host-password',
      // The poster finds active residents (a new one is pending until they sign the agreement).
      status: 'active',
      ...over,
    }),
  );
  const token = await login(
    s.ctx,
    { id: r.id, email, password: 'host-password', propertyId: s.propertyId },
    s.code,
  );
  const as = (method: 'GET' | 'POST' | 'PUT') => (url: string, body?: unknown) =>
    s.call(method, url, body, { token });
  return { ...r, email, get: as('GET'), post: as('POST') };
}

const settings = async (values: Record<string, unknown>) =>
  ok(await s.call('PUT', '/settings', { visitorPermits: values }));

const request = (extra: Record<string, unknown>, lang?: string) =>
  anon(
    'POST',
    '/public/visitors',
    { token: poster, name: 'Guest Visitor', unit: '101', email: null, ...extra },
    lang,
  );

const mailsTo = (to: string, kind: string) =>
  s.ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.propertyId, s.propertyId), eq(mailOutbox.to, to), eq(mailOutbox.kind, kind))),
  );

beforeAll(async () => {
  await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'W' }).returning();
    for (const name of ['101', '102']) {
      const [u] = await tx
        .insert(units)
        .values({ propertyId: s.propertyId, buildingId: b!.id, name })
        .returning();
      unitIds[name] = u!.id;
    }
  });
  await settings({ visitorLimit: 100, visitorVehiclesAllowed: 20 });
  const url = (await ok<VisitorPoster>(await s.call('GET', '/visitor-poster'))).url;
  poster = decodeURIComponent(url.split('/register/visitors/')[1]!);
});

describe('whom the visitor names', () => {
  it('asks for the full last name, accents and case aside: a first name or a middle word is not enough', async () => {
    // Valid at once here, so the cap on requests awaiting approval does not get in the way.
    await settings({ visitorLimit: 100, visitorVehiclesAllowed: 20, posterApproval: 'none' });
    await newResident('Ana María Peña Ortiz');
    for (const residentName of ['Ana', 'ana maría', 'María', 'Peña', 'Ortiz Peña', 'Pe']) {
      const res = await request({ plate: 'NAME1', residentName });
      expect(res.statusCode, residentName).toBe(422);
      expect(res.json<Errors>().errors).toHaveProperty('residentName');
    }
    for (const [i, residentName] of ['PENA ORTIZ', 'peña  ortiz', 'Ortiz', 'Ana María Peña-Ortiz'].entries())
      await ok(await request({ plate: `NAME${i + 2}`, residentName }));
  });

  it('answers nothing of the resident the visitor did not type: no full name, no other unit', async () => {
    await settings({ visitorLimit: 100, visitorVehiclesAllowed: 20, posterApproval: 'resident' });
    await newResident('Beatriz Quiñones', { visitorLimit: 7, visitorVehiclesAllowed: 5 });
    const res = await request({ plate: 'PRIV1', residentName: 'QUIÑONES' });
    const body = await ok<PublicVisitorResult>(res);
    expect(body.visitor.visiting).toEqual({ unit: '101' });
    expect(body.visitor).not.toHaveProperty('resident');
    for (const leak of ['Beatriz', 'Quiñones', '102']) expect(res.body).not.toContain(leak);
    // The receipt, opened later, is no more talkative.
    const seen = await anon('GET', `/public/visitors/token/${body.receiptToken}`);
    expect(seen.json<PublicVisitorLink>().visitor?.visiting).toEqual({ unit: '101' });
    for (const leak of ['Beatriz', 'Quiñones', '102']) expect(seen.body).not.toContain(leak);
    const one = await anon(
      'GET',
      `/public/visitors/${body.visitor.id}?token=${encodeURIComponent(body.receiptToken)}`,
    );
    expect(one.statusCode).toBe(200);
    for (const leak of ['Beatriz', 'Quiñones', '102']) expect(one.body).not.toContain(leak);
  });
});

describe("a resident's allowance", () => {
  it('is not used by requests nobody approved; strangers meet a daily cap with a neutral answer', async () => {
    await settings({ visitorLimit: 2, visitorVehiclesAllowed: 2, posterApproval: 'resident' });
    const cleo = await newResident('Cleo Ramírez');
    const ids: number[] = [];
    for (let i = 0; i < POSTER_REQUESTS_PER_DAY; i += 1) {
      const res = await ok<PublicVisitorResult>(await request({ plate: `CAP${i}`, residentName: 'ramírez' }));
      expect(res.visitor.shownStatus).toBe('pending');
      ids.push(res.visitor.id);
    }
    const refused = await request({ plate: 'CAPX', residentName: 'ramírez' }, 'es');
    expect(refused.statusCode).toBe(422);
    const neutral = refused.json<Errors>();
    expect(neutral.message).toBe(
      'No podemos aceptar esta solicitud ahora. Pida a la persona que visita que le registre, o llame a la ' +
        'oficina de la propiedad.',
    );
    expect(refused.body).not.toMatch(/Cleo|Ramírez|\d{4}|\b2\b/);
    // The resident's own registrations are not blocked: both places are still theirs.
    for (const plate of ['OWN1', 'OWN2']) {
      const own = await cleo.post('/my/visitors', { name: 'Own Guest', plate });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json<VisitorItem>().permitStatus).toBe('valid');
    }
    // Approving a request makes it count: beyond the limit it is refused (to the resident, who may read it).
    const approve = await cleo.post(`/my/visitors/${ids[0]}/approve`, {});
    expect(approve.statusCode).toBe(422);
    expect(approve.json<Errors>().message).toMatch(/Limit reached: Cleo Ramírez/);
    expect((await ok<VisitorItem>(await cleo.get(`/my/visitors/${ids[0]}`))).permitStatus).toBe('pending');
    // The cap is the resident's: another resident's visitors still register.
    await newResident('Dora Salas');
    await ok(await request({ plate: 'DORA1', residentName: 'salas' }));
  });

  it('a refused limit reads the same as the cap: no name, no limit, no date', async () => {
    await settings({ visitorLimit: 100, visitorVehiclesAllowed: 20, posterApproval: 'resident' });
    const eli = await newResident('Eli Torres', { visitorVehiclesAllowed: 1 });
    await ok(await eli.post('/my/visitors', { name: 'Own Guest', plate: 'ELI1' }));
    const res = await request({ plate: 'ELI2', residentName: 'torres' });
    expect(res.statusCode).toBe(422);
    const { message, errors } = res.json<Errors>();
    expect(message).toBe(
      'We cannot take this request now. Ask the person you visit to register you, or call the property office.',
    );
    expect(errors).toEqual({});
  });

  it('a request that lapses unapproved never counts; approved ones do, pending ones are checked when approved', async () => {
    await settings({ visitorLimit: 1, visitorVehiclesAllowed: 1, posterApproval: 'resident' });
    const fay = await newResident('Fay Uribe');
    const lapsed = await ok<PublicVisitorResult>(await request({ plate: 'LAP1', residentName: 'uribe' }));
    const second = await ok<PublicVisitorResult>(await request({ plate: 'LAP2', residentName: 'uribe' }));
    // Its validity passes before anyone decides; the expiry job runs.
    await s.inProperty((tx) =>
      tx
        .update(visitors)
        .set({ validFrom: new Date(Date.now() - 3_600_000), validUntil: new Date(Date.now() - 1000) })
        .where(eq(visitors.id, lapsed.visitor.id)),
    );
    await expireVisitorPermits(s.ctx.services);
    const seen = await ok<VisitorItem>(await fay.get(`/my/visitors/${lapsed.visitor.id}`));
    expect(seen.shownStatus).toBe('expired');
    // Not approved, so not counted: the other request is approved within 1 a day and 1 at once.
    expect(
      (await ok<VisitorItem>(await fay.post(`/my/visitors/${second.visitor.id}/approve`, {}))).shownStatus,
    ).toBe('valid');
    // Now the allowance is used: the resident is told, the stranger gets the neutral answer.
    const own = await fay.post('/my/visitors', { name: 'Own Guest', plate: 'FAY1' });
    expect(own.statusCode).toBe(422);
    const stranger = await request({ plate: 'LAP3', residentName: 'uribe' });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.body).not.toContain('Fay');
  });
});

describe('what a stranger can make the server mail', () => {
  const bait = 'Urgent - verify your lease at https://evil.example/login';

  it('quotes the visitor’s text in the body only, as plain text, links broken, cut to a length', async () => {
    await settings({ visitorLimit: 100, visitorVehiclesAllowed: 20, posterApproval: 'resident' });
    const gil = await newResident('Gil Vargas');
    const victim = `victim${n}@poster-privacy.test`;
    await ok(
      await request({
        plate: 'evil.example',
        residentName: 'vargas',
        name: `${bait} ${'x'.repeat(150)}`,
        email: victim,
      }),
    );
    const [ask] = await mailsTo(gil.email, 'visitor-request');
    const [receipt] = await mailsTo(victim, 'visitor-receipt');
    for (const mail of [ask!, receipt!]) {
      expect(mail.html).toBeNull();
      expect(mail.subject).not.toMatch(/Urgent|evil|lease/);
      expect(mail.text).not.toMatch(/https?:\/\/evil|evil\.example|x{80}/);
      expect(mail.text).toContain('evil[.]example');
    }
    // The resident is told plainly that the name is the visitor's own typing, and it is quoted.
    expect(ask!.text).toContain('typed by the visitor');
    const quoted = /“([^”]*)”/.exec(ask!.text)![1]!;
    expect(quoted.startsWith('Urgent - verify your lease at hxxps[:]//evil[.]example/login')).toBe(true);
    expect([...quoted].length).toBeLessThanOrEqual(MAIL_TEXT_MAX);
  });
});
