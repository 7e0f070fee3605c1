import type { ListResponse, ResidentItem, VisitorItem } from '@parkade/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../../platform/auth';
import { login } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { units } from '../units/table';
import { visitors } from './table';

/**
 * The resident's own visitors (/my/visitors): own rows only, the limits with no override, approval by staff, the
 * resident's approval of poster requests when the property says so, and revoking a valid permit.
 */
const s = tenantSuite({ role: 'manager' });
type Errors = { message: string; errors: Record<string, string[]> };

let unitId: number;
let n = 0;
async function newResident(over: Record<string, unknown> = {}) {
  n += 1;
  const email = `host${n}@my-visitors.test`;
  const r = await ok<ResidentItem>(
    await s.call('POST', '/residents', {
      fullName: `Host Resident ${n}`,
      email,
      unitIds: [unitId],
      password: 'host-password',
      ...over,
    }),
  );
  const token = await login(
    s.ctx,
    { id: r.id, email, password: 'host-password', propertyId: s.propertyId },
    s.code,
  );
  const as = (method: 'GET' | 'POST' | 'PUT') => (url: string, body?: unknown, lang?: string) =>
    s.call(method, url, body, { token, lang });
  return { ...r, token, get: as('GET'), post: as('POST'), put: as('PUT') };
}
const settings = async (values: Record<string, unknown>) =>
  ok(await s.call('PUT', '/settings', { visitorPermits: values }));

/** A request a visitor made from the property's poster, naming this resident: pending until approved. */
async function posterRequest(residentId: number) {
  n += 1;
  const permitCode = `VP-POSTER${n}`;
  const from = new Date();
  return s.inProperty(async (tx) => {
    const [row] = await tx
      .insert(visitors)
      .values({
        propertyId: s.propertyId,
        name: `Poster Guest ${n}`,
        plate: `PST${n}`,
        plateNormalized: `PST${n}`,
        residentId,
        unitId,
        permitCode,
        permitStatus: 'pending',
        validFrom: from,
        validUntil: new Date(from.getTime() + 24 * 3600_000),
        publicTokenHash: tokenHash(permitCode),
        source: 'poster',
      })
      .returning({ id: visitors.id });
    return row!.id;
  });
}

beforeAll(async () => {
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'H' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '7' })
      .returning();
    return u!.id;
  });
  await settings({
    validityAmount: 24,
    validityUnit: 'hours',
    visitorLimit: 100,
    visitorVehiclesAllowed: 10,
    approvalRequired: false,
    posterApproval: 'resident',
  });
});

describe('/my/visitors', () => {
  it('a resident registers, sees and edits only their own visitors; another resident’s is a 404', async () => {
    const ana = await newResident();
    const ben = await newResident();
    expect(await ok(await ana.get('/my/visitors/validity'))).toEqual({
      amount: 24,
      unit: 'hours',
      approval: false,
    });
    const guest = await ok<VisitorItem>(
      await ana.post('/my/visitors', {
        name: 'Ana Guest',
        plate: 'gst-101',
        // Neither is the resident's to give: the resident visited is the caller, and there is no override.
        residentId: ben.id,
        overrideReason: 'please',
      }),
    );
    expect(guest).toMatchObject({
      residentId: ana.id,
      unitId,
      plateNormalized: 'GST101',
      permitStatus: 'valid',
      source: 'resident',
      overrideReason: null,
      actions: ['revoke'],
    });
    expect(guest.checkUrl).toMatch(/\/permit\//);
    await ok(await ben.post('/my/visitors', { name: 'Ben Guest', plate: 'BEN 303' }));

    const mine = await ok<ListResponse<VisitorItem>>(await ana.get('/my/visitors'));
    expect(mine.data.map((v) => v.name)).toEqual(['Ana Guest']);
    const found = await ok<ListResponse<VisitorItem>>(
      await ana.get('/my/visitors?filter[term]=gst101&filter[status]=valid'),
    );
    expect(found.data.map((v) => v.id)).toEqual([guest.id]);
    expect((await ana.get('/my/visitors?filter[status]=nonsense')).statusCode).toBe(400);

    const edited = await ok<VisitorItem>(
      await ana.put(`/my/visitors/${guest.id}`, { name: 'Ana Guest', plate: 'GST-101', color: 'Green' }),
    );
    expect(edited).toMatchObject({ color: 'Green', residentId: ana.id, permitCode: guest.permitCode });

    // Ben cannot reach Ana's visitor by any route.
    expect((await ben.get(`/my/visitors/${guest.id}`)).statusCode).toBe(404);
    expect((await ben.put(`/my/visitors/${guest.id}`, { name: 'Taken', plate: 'X1' })).statusCode).toBe(404);
    expect((await ben.post(`/my/visitors/${guest.id}/revoke`, {})).statusCode).toBe(404);
    expect((await ben.get(`/my/visitors/${guest.id}/permit.pdf`)).statusCode).toBe(404);
    expect((await ok<VisitorItem>(await ana.get(`/my/visitors/${guest.id}`))).color).toBe('Green');

    // The permit PDF is the staff one.
    const pdf = (await ana.get(`/my/visitors/${guest.id}/permit.pdf`)) as unknown as {
      statusCode: number;
      headers: Record<string, string | undefined>;
      rawPayload: Buffer;
    };
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(guest.permitCode!);
    expect(text).toContain('GST-101');

    // Staff are not residents; residents have no staff list.
    expect((await s.call('GET', '/my/visitors')).statusCode).toBe(403);
    expect((await ana.get('/visitors')).statusCode).toBe(403);
    expect((await ana.get(`/visitors/${guest.id}`)).statusCode).toBe(403);
  });

  it('a limit refuses the resident, naming it, with no override; the message is on validFrom', async () => {
    const cara = await newResident({ visitorVehiclesAllowed: 1 });
    await ok(await cara.post('/my/visitors', { name: 'First', plate: 'LIM 1' }));
    const refused = await cara.post(
      '/my/visitors',
      { name: 'Second', plate: 'LIM 2', overrideReason: 'family visit' },
      'es',
    );
    expect(refused.statusCode).toBe(422);
    const body = refused.json<Errors>();
    expect(body.message).toContain('vehículos de visitantes a la vez');
    expect(body.message).toContain('como máximo 1');
    expect(body.errors.validFrom?.[0]).toBe(body.message);
    expect(body.errors.residentId).toBeUndefined();
    const list = await ok<ListResponse<VisitorItem>>(await cara.get('/my/visitors'));
    expect(list.data.map((v) => v.name)).toEqual(['First']);
  });

  it('with approval required the request is pending and its resident cannot approve it', async () => {
    await settings({ approvalRequired: true });
    try {
      const dan = await newResident();
      const asked = await ok<VisitorItem>(
        await dan.post('/my/visitors', { name: 'Waiting', plate: 'WAIT 1' }),
      );
      expect(asked).toMatchObject({ permitStatus: 'pending', source: 'resident', actions: [] });
      for (const action of ['approve', 'reject']) {
        const refused = await dan.post(`/my/visitors/${asked.id}/${action}`, {});
        expect(refused.statusCode, action).toBe(422);
        expect(refused.json<Errors>().message).toContain("waits for the property's staff");
      }
      // Revoke is for a valid permit: the workflow table refuses it for a pending one.
      expect((await dan.post(`/my/visitors/${asked.id}/revoke`, {})).statusCode).toBe(422);
      expect((await ok<VisitorItem>(await dan.get(`/my/visitors/${asked.id}`))).permitStatus).toBe('pending');
      // Staff approve it in the workflow.
      await ok(await s.call('POST', `/visitors/${asked.id}/approve`, {}));
      expect((await ok<VisitorItem>(await dan.get(`/my/visitors/${asked.id}`))).shownStatus).toBe('valid');
    } finally {
      await settings({ approvalRequired: false });
    }
  });

  it("approves or rejects a poster request when posterApproval is 'resident', not when it is 'staff'", async () => {
    const eve = await newResident();
    const other = await newResident();
    const first = await posterRequest(eve.id);
    const shown = await ok<VisitorItem>(await eve.get(`/my/visitors/${first}`));
    expect(shown).toMatchObject({ source: 'poster', shownStatus: 'pending', actions: ['approve', 'reject'] });
    expect((await other.post(`/my/visitors/${first}/approve`, {})).statusCode).toBe(404);
    const approved = await ok<VisitorItem>(
      await eve.post(`/my/visitors/${first}/approve`, { comment: 'See you soon' }),
    );
    expect(approved).toMatchObject({ shownStatus: 'valid', statusComment: 'See you soon' });
    const second = await posterRequest(eve.id);
    expect(
      await ok<VisitorItem>(await eve.post(`/my/visitors/${second}/reject`, { comment: 'Not expected' })),
    ).toMatchObject({ shownStatus: 'rejected', actions: [] });

    await settings({ posterApproval: 'staff' });
    try {
      const third = await posterRequest(eve.id);
      expect((await ok<VisitorItem>(await eve.get(`/my/visitors/${third}`))).actions).toEqual([]);
      const refused = await eve.post(`/my/visitors/${third}/approve`, {}, 'zh');
      expect(refused.statusCode).toBe(422);
      expect(refused.json<Errors>().message).toContain('工作人员');
      expect((await ok<VisitorItem>(await eve.get(`/my/visitors/${third}`))).shownStatus).toBe('pending');
    } finally {
      await settings({ posterApproval: 'resident' });
    }
  });

  it('a resident revokes a valid permit of their visitor; a revoked one takes no more actions', async () => {
    const fay = await newResident();
    const guest = await ok<VisitorItem>(await fay.post('/my/visitors', { name: 'Leaving', plate: 'BYE 1' }));
    const revoked = await ok<VisitorItem>(
      await fay.post(`/my/visitors/${guest.id}/revoke`, { comment: 'Left early' }),
    );
    expect(revoked).toMatchObject({ shownStatus: 'revoked', statusComment: 'Left early', actions: [] });
    expect((await fay.post(`/my/visitors/${guest.id}/revoke`, {})).statusCode).toBe(422);
    // A revoked permit is no longer printed.
    expect((await fay.get(`/my/visitors/${guest.id}/permit.pdf`)).statusCode).toBe(422);
    const list = await ok<ListResponse<VisitorItem>>(await fay.get('/my/visitors?filter[status]=revoked'));
    expect(list.data.map((v) => v.id)).toEqual([guest.id]);
  });
});
