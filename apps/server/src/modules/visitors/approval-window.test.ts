import type {
  PublicVisitorLink,
  PublicVisitorResult,
  ResidentItem,
  VisitorItem,
  VisitorPoster,
} from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { headers, login } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { units } from '../units/table';
import { visitors } from './table';
import { approvedWindow } from './write';

/**
 * Decision 0039 §8 and §14: a visitor permit's time starts when it is granted (or at the start asked, if later) and
 * keeps the length asked for, on every way a permit is granted; a request waiting for approval has no PDF.
 */
const s = tenantSuite({ role: 'manager' });
type Errors = { message: string; errors: Record<string, string[]> };
const HOUR = 3_600_000;

let unitId: number;
let poster: string;
let n = 0;

async function newResident(lastName: string) {
  n += 1;
  const email = `host${n}@approval-window.test`;
  const r = await ok<ResidentItem>(
    await s.call('POST', '/residents', {
      fullName: `Host ${lastName}`,
      email,
      unitIds: [unitId],
      password: 'host-password',
      // The poster finds active residents only; a new one is pending while the agreement waits (decision 0039 §7).
      status: 'active',
    }),
  );
  const token = await login(
    s.ctx,
    { id: r.id, email, password: 'host-password', propertyId: s.propertyId },
    s.code,
  );
  const as = (method: 'GET' | 'POST') => (url: string, body?: unknown, lang?: string) =>
    s.call(method, url, body, { token, lang });
  return { ...r, get: as('GET'), post: as('POST') };
}

const settings = async (values: Record<string, unknown>) =>
  ok(
    await s.call('PUT', '/settings', {
      visitorPermits: {
        validityAmount: 3,
        validityUnit: 'hours',
        visitorLimit: 100,
        visitorVehiclesAllowed: 10,
        ...values,
      },
    }),
  );

/** The request as if it had been made `ago` ms before now, asking for `length` ms (the row is moved back). */
async function askedEarlier(id: number, ago: number, length = 3 * HOUR) {
  const from = new Date(Date.now() - ago);
  await s.inProperty((tx) =>
    tx
      .update(visitors)
      .set({ validFrom: from, validUntil: new Date(from.getTime() + length) })
      .where(eq(visitors.id, id)),
  );
}

const anon = (method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: s.code, lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });

const lengthOf = (v: { validFrom: string | null; validUntil: string | null }) =>
  Date.parse(v.validUntil!) - Date.parse(v.validFrom!);

beforeAll(async () => {
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'A' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '12' })
      .returning();
    return u!.id;
  });
  await settings({});
  const url = (await ok<VisitorPoster>(await s.call('GET', '/visitor-poster'))).url;
  poster = decodeURIComponent(url.split('/register/visitors/')[1]!);
});

describe('the validity window starts at approval (§8)', () => {
  it('keeps the length asked for, starting at the approval or the start asked, at most the setting', () => {
    const now = new Date('2030-05-01T12:00:00Z');
    const asked = { from: new Date('2030-05-01T09:00:00Z'), until: new Date('2030-05-01T15:00:00Z') };
    expect(approvedWindow(asked, 24 * HOUR, now)).toEqual({
      from: now,
      until: new Date('2030-05-01T18:00:00Z'),
    });
    // A start still ahead stays.
    const later = { from: new Date('2030-05-02T09:00:00Z'), until: new Date('2030-05-02T15:00:00Z') };
    expect(approvedWindow(later, 24 * HOUR, now)).toEqual(later);
    // A setting shortened meanwhile caps it.
    expect(approvedWindow(asked, 2 * HOUR, now).until).toEqual(new Date('2030-05-01T14:00:00Z'));
  });

  it("staff approving a resident's request late: the visitor still gets the whole time", async () => {
    await settings({ approvalRequired: true });
    const ana = await newResident('Approves');
    const asked = await ok<VisitorItem>(
      await ana.post('/my/visitors', { name: 'Late Guest', plate: 'LATE 1' }),
    );
    expect(asked.shownStatus).toBe('pending');
    expect(lengthOf(asked)).toBe(3 * HOUR);
    // Registered two hours ago, approved only now.
    await askedEarlier(asked.id, 2 * HOUR);
    const before = Date.now();
    const approved = await ok<VisitorItem>(await s.call('POST', `/visitors/${asked.id}/approve`, {}));
    expect(approved.shownStatus).toBe('valid');
    expect(Date.parse(approved.validFrom!)).toBeGreaterThanOrEqual(before - 1000);
    expect(lengthOf(approved)).toBe(3 * HOUR);
    // The resident sees the same window.
    const mine = await ok<VisitorItem>(await ana.get(`/my/visitors/${asked.id}`));
    expect(mine.validFrom).toBe(approved.validFrom);
  });

  it('a start asked for later than the approval stays where it was asked', async () => {
    await settings({ approvalRequired: true });
    const bo = await newResident('Ahead');
    const start = '2031-03-01T10:00:00.000Z';
    const asked = await ok<VisitorItem>(
      await bo.post('/my/visitors', { name: 'Weekend Guest', plate: 'AHEAD 1', validFrom: start }),
    );
    const approved = await ok<VisitorItem>(await s.call('POST', `/visitors/${asked.id}/approve`, {}));
    expect(new Date(approved.validFrom!).toISOString()).toBe(start);
    expect(lengthOf(approved)).toBe(3 * HOUR);
  });

  it('the resident approving a poster visitor late: the same; the limits look at the window it gets', async () => {
    await settings({ approvalRequired: false, posterApproval: 'resident', visitorVehiclesAllowed: 1 });
    const cy = await newResident('Poster');
    const req = await ok<PublicVisitorResult>(
      await anon('POST', '/public/visitors', {
        token: poster,
        name: 'Poster Guest',
        plate: 'PST 77',
        unit: '12',
        residentName: 'poster',
      }),
    );
    expect(req.visitor.shownStatus).toBe('pending');
    await askedEarlier(req.visitor.id, 2 * HOUR);
    // A permit of the resident's own that starts in 90 minutes: after the window asked, inside the one approval
    // gives — one visitor vehicle at once, so the approval is refused, naming the limit.
    const own = await ok<VisitorItem>(
      await cy.post('/my/visitors', {
        name: 'Own Guest',
        plate: 'OWN 77',
        validFrom: new Date(Date.now() + 1.5 * HOUR).toISOString(),
      }),
    );
    const refused = await cy.post(`/my/visitors/${req.visitor.id}/approve`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Errors>().message).toContain('at once');
    await ok(await cy.post(`/my/visitors/${own.id}/revoke`, {}));
    const before = Date.now();
    const approved = await ok<VisitorItem>(await cy.post(`/my/visitors/${req.visitor.id}/approve`, {}));
    expect(Date.parse(approved.validFrom!)).toBeGreaterThanOrEqual(before - 1000);
    expect(lengthOf(approved)).toBe(3 * HOUR);
  });

  it('valid at once (staff, no approval required, the poster with nobody approving): never before now', async () => {
    await settings({ approvalRequired: false, posterApproval: 'none' });
    const di = await newResident('Instant');
    const before = Date.now();
    const past = new Date(before - 2 * HOUR).toISOString();
    const staff = await ok<VisitorItem>(
      await s.call('POST', '/visitors', {
        name: 'Desk Guest',
        plate: 'DESK 1',
        residentId: di.id,
        validFrom: past,
      }),
    );
    const resident = await ok<VisitorItem>(
      await di.post('/my/visitors', { name: 'Own Guest', plate: 'OWN 2', validFrom: past }),
    );
    const wall = await ok<PublicVisitorResult>(
      await anon('POST', '/public/visitors', {
        token: poster,
        name: 'Wall Guest',
        plate: 'WALL 1',
        unit: '12',
        residentName: 'instant',
      }),
    );
    for (const v of [staff, resident, wall.visitor]) {
      expect(v.shownStatus).toBe('valid');
      expect(Date.parse(v.validFrom!)).toBeGreaterThanOrEqual(before - 1000);
      expect(lengthOf(v)).toBe(3 * HOUR);
    }
  });
});

describe('no PDF while a request waits (§14)', () => {
  it('is refused on every route with a message that says it waits, and given once approved', async () => {
    await settings({ approvalRequired: false, posterApproval: 'staff' });
    await newResident('Waits');
    const req = await ok<PublicVisitorResult>(
      await anon('POST', '/public/visitors', {
        token: poster,
        name: 'Waiting Guest',
        plate: 'WAIT 1',
        unit: '12',
        residentName: 'waits',
      }),
    );
    const id = req.visitor.id;
    const receipt = encodeURIComponent(req.receiptToken);
    // The receipt says the request waits: a registration here would wait too.
    const link = await ok<PublicVisitorLink>(await anon('GET', `/public/visitors/token/${receipt}`));
    expect(link.validity.approval).toBe(true);
    for (const [lang, words] of [
      ['en', 'still waiting for approval'],
      ['es', 'aún espera aprobación'],
      ['zh', '仍在等待批准'],
    ] as const) {
      const pub = await anon('GET', `/public/visitors/${id}/permit.pdf?token=${receipt}`, undefined, lang);
      expect(pub.statusCode).toBe(422);
      expect(pub.json<Errors>().message).toContain(words);
    }
    const staff = await s.call('GET', `/visitors/${id}/permit.pdf`);
    expect(staff.statusCode).toBe(422);
    expect(staff.json<Errors>().message).toContain('still waiting for approval');

    await ok(await s.call('POST', `/visitors/${id}/approve`, {}));
    const pdf = await anon('GET', `/public/visitors/${id}/permit.pdf?token=${receipt}`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('WAIT 1');
    expect(text).not.toMatch(/pending/i);
    expect(
      (await ok<PublicVisitorLink>(await anon('GET', `/public/visitors/token/${receipt}`))).validity.approval,
    ).toBe(false);
  });

  it("the resident's own request waiting for staff: no PDF either", async () => {
    await settings({ approvalRequired: true });
    const ed = await newResident('Own Wait');
    expect((await ok<{ approval: boolean }>(await ed.get('/my/visitors/validity'))).approval).toBe(true);
    const asked = await ok<VisitorItem>(await ed.post('/my/visitors', { name: 'Own Wait', plate: 'OWNW 1' }));
    const res = await ed.get(`/my/visitors/${asked.id}/permit.pdf`);
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().message).toContain('still waiting for approval');
  });
});
