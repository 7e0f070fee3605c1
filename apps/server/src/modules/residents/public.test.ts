import type { PublicResident, ResidentItem } from '@parkade/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { binnacle } from '../binnacle/table';
import { buildings } from '../buildings/table';
import { mailOutbox } from '../outbox/table';
import { units } from '../units/table';
import { SIGNATURE_PNG as SIGNATURE } from '../../test/factories';
import { residents } from './table';

/**
 * The resident's own link (SPEC §7 public resident calls, /register/residents/{token}): staff send it with
 * "resend agreement"; the resident completes their details, chooses a password, reads and signs the agreement.
 */
let ctx: TestContext;
let code: string;
let otherCode: string;
let propertyId: number;
let staff: string;
let unitId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  const other = await createProperty(ctx.database);
  code = p.code;
  otherCode = other.code;
  propertyId = p.id;
  staff = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
  unitId = await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'Tower A' }).returning();
    const [u] = await tx.insert(units).values({ propertyId, buildingId: b!.id, name: '304' }).returning();
    return u!.id;
  });
});
afterAll(() => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (tenant: string, token?: string) => (method: Method, url: string, body?: unknown, lang?: string) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant, token, lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
const manager = (m: Method, url: string, body?: unknown) => as(code, staff)(m, url, body);
const anyone = (m: Method, url: string, body?: unknown, lang?: string) => as(code)(m, url, body, lang);

let n = 0;
/** A resident created by staff (without a password unless given) and the link their agreement mail carries. */
async function invited(over: Record<string, unknown> = {}) {
  const r = await manager('POST', '/residents', {
    fullName: `Linked Resident ${++n}`,
    email: `linked${n}@example.test`,
    unitIds: [unitId],
    status: 'pending-parking-policies',
    ...over,
  });
  expect(r.statusCode, r.body).toBe(200);
  const resident = r.json<ResidentItem>();
  const sent = await manager('PUT', `/residents/${resident.id}/resendAgreement`);
  expect(sent.statusCode, sent.body).toBe(200);
  const [mail] = await ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, resident.email!), eq(mailOutbox.kind, 'resident-agreement')))
      .orderBy(desc(mailOutbox.id)),
  );
  const m = /\/register\/residents\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(m, mail!.text).not.toBeNull();
  return { resident, token: m![1]! };
}

describe('the resident link', () => {
  it('the agreement mail carries a link that loads the resident, their units and the agreement text', async () => {
    const { resident, token } = await invited();
    const res = await anyone('GET', `/public/residents/token/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<PublicResident>();
    expect(p).toMatchObject({
      id: resident.id,
      fullName: resident.fullName,
      email: resident.email,
      units: ['Tower A · 304'],
      hasPassword: false,
      registered: false,
      signedAt: null,
      status: 'pending-parking-policies',
    });
    expect(p.agreement.title).toBe('Parking permit agreement');
    expect(p.agreement.text).toContain(resident.fullName);
    // By id, the token is required too; another resident's id with this token shows nothing.
    const byId = await anyone('GET', `/public/residents/${resident.id}?token=${token}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect((await anyone('GET', `/public/residents/${resident.id}`)).statusCode).toBe(422);
    const { resident: someoneElse } = await invited();
    expect((await anyone('GET', `/public/residents/${someoneElse.id}?token=${token}`)).statusCode).toBe(404);
  });

  it('an unknown, replaced, expired or foreign link answers 404 in the reader language', async () => {
    const { resident, token } = await invited();
    const unknown = await anyone('GET', `/public/residents/token/${'x'.repeat(43)}`, undefined, 'es');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(
      'Este enlace no es válido o ha caducado. Pida a la oficina de la propiedad que le envíe uno nuevo.',
    );
    // The same token on another property's host finds nothing (row-level security and the property scope).
    expect((await as(otherCode)('GET', `/public/residents/token/${token}`)).statusCode).toBe(404);
    // A new link replaces the previous one.
    await manager('PUT', `/residents/${resident.id}/resendAgreement`);
    expect((await anyone('GET', `/public/residents/token/${token}`)).statusCode).toBe(404);
    // An expired link.
    const fresh = await invited();
    await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx
        .update(residents)
        .set({ linkExpiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(residents.propertyId, propertyId), eq(residents.id, fresh.resident.id))),
    );
    expect((await anyone('GET', `/public/residents/token/${fresh.token}`)).statusCode).toBe(404);
    // A deleted resident's link.
    const gone = await invited();
    expect((await manager('DELETE', `/residents/${gone.resident.id}`)).statusCode).toBe(200);
    expect((await anyone('GET', `/public/residents/token/${gone.token}`)).statusCode).toBe(404);
  });

  it('registration completes the details and sets the password; the resident can sign in with it', async () => {
    const { resident, token } = await invited();
    const noPassword = await anyone('POST', '/public/residents', {
      token,
      fullName: 'Dana Q. Rivera',
      phone: '+15035550199',
      language: 'es',
    });
    expect(noPassword.statusCode).toBe(422);
    expect(Object.keys(noPassword.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['password']);
    const mismatch = await anyone('POST', '/public/residents', {
      token,
      fullName: 'Dana Q. Rivera',
      language: 'es',
      password: 'a-long-password',
      passwordConfirmation: 'another-password',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json<{ errors: Record<string, string[]> }>().errors)).toEqual([
      'passwordConfirmation',
    ]);

    const done = await anyone('POST', '/public/residents', {
      token,
      fullName: 'Dana Q. Rivera',
      phone: '+15035550199',
      language: 'es',
      password: 'a-long-password',
      passwordConfirmation: 'a-long-password',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<PublicResident>()).toMatchObject({
      fullName: 'Dana Q. Rivera',
      phone: '+15035550199',
      language: 'es',
      hasPassword: true,
      registered: true,
    });
    // Staff see the new details, and the search finds the new name.
    const list = await manager('GET', `/residents?filter[term]=${encodeURIComponent('q. rivera')}`);
    expect(list.json<{ data: ResidentItem[] }>().data.map((x) => x.id)).toEqual([resident.id]);
    const signIn = await as(code)('POST', '/auth/login', {
      email: resident.email,
      password: 'a-long-password',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    // Once a password exists, coming back to the link does not ask for one.
    const again = await anyone('POST', '/public/residents', {
      token,
      fullName: 'Dana Rivera',
      phone: '+15035550199',
      language: 'en',
    });
    expect(again.statusCode, again.body).toBe(200);
    // A phone another resident holds is refused on its field.
    const taken = await invited({ phone: '+15035550111' });
    const clash = await anyone('POST', '/public/residents', {
      token: taken.token,
      fullName: 'Someone',
      phone: '+15035550199',
      language: 'en',
      password: 'a-long-password',
      passwordConfirmation: 'a-long-password',
    });
    expect(clash.statusCode).toBe(422);
    expect(Object.keys(clash.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['phone']);
  });

  it('signing needs the terms agreed and a PNG signature; it activates the resident once, and is audited', async () => {
    const { resident, token } = await invited();
    const url = `/public/residents/agreement/signature/${resident.id}?token=${token}`;
    const notAgreed = await anyone('PUT', url, { signature: SIGNATURE, agree: false });
    expect(notAgreed.statusCode).toBe(422);
    expect(notAgreed.json<{ errors: Record<string, string[]> }>().errors.agree).toEqual([
      'You must agree to the terms of the parking agreement to sign it.',
    ]);
    const notPng = await anyone('PUT', url, {
      token,
      signature: 'data:text/html;base64,PGgxPg==',
      agree: true,
    });
    expect(notPng.statusCode).toBe(422);
    expect(Object.keys(notPng.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['signature']);
    const huge = await anyone('PUT', url, {
      signature: `data:image/png;base64,${'A'.repeat(300_001)}`,
      agree: true,
    });
    expect(huge.statusCode).toBe(422);

    const signed = await anyone('PUT', url, { signature: SIGNATURE, agree: true });
    expect(signed.statusCode, signed.body).toBe(200);
    const p = signed.json<PublicResident>();
    expect(p.signedAt).not.toBeNull();
    expect(p.status).toBe('active');
    const shown = await manager('GET', `/residents/${resident.id}`);
    expect(shown.json<ResidentItem>()).toMatchObject({ status: 'active', signedAt: p.signedAt });
    const twice = await anyone('PUT', url, { signature: SIGNATURE, agree: true });
    expect(twice.statusCode).toBe(409);

    const [entry] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select()
        .from(binnacle)
        .where(and(eq(binnacle.entity, 'residents'), eq(binnacle.action, 'sign-agreement')))
        .orderBy(desc(binnacle.id)),
    );
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain('iVBOR');
  });

  it('the agreement PDF needs the link; it is the signed one after signing', async () => {
    const { resident, token } = await invited();
    const url = `/public/residents/agreement/${resident.id}`;
    expect((await anyone('GET', url)).statusCode).toBe(422);
    expect((await anyone('GET', `${url}?token=${'y'.repeat(43)}`)).statusCode).toBe(404);
    const before = await anyone('GET', `${url}?token=${token}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('application/pdf');
    expect(before.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await anyone('PUT', `/public/residents/agreement/signature/${resident.id}?token=${token}`, {
      signature: SIGNATURE,
      agree: true,
    });
    const after = await anyone('GET', `${url}?token=${token}`);
    expect(after.statusCode).toBe(200);
    // The signature image is embedded: the signed PDF is larger than the unsigned one.
    expect(after.rawPayload.length).toBeGreaterThan(before.rawPayload.length);
  });
});

/** Issue 14, item 1: the emailed link cannot take over an account, and it ends once used. */
describe('the resident link cannot take over an account', () => {
  const register = (token: string, extra: Record<string, unknown> = {}) =>
    anyone('POST', '/public/residents', {
      token,
      fullName: 'Link Holder',
      language: 'en',
      ...extra,
    });
  const signature = (id: number, token: string) =>
    anyone('PUT', `/public/residents/agreement/signature/${id}?token=${token}`, {
      signature: SIGNATURE,
      agree: true,
    });
  const signIn = (email: string, password: string) => as(code)('POST', '/auth/login', { email, password });

  it('sets a password only when the account has none', async () => {
    const { resident, token } = await invited({ password: 'the-owners-password' });
    const owner = await signIn(resident.email!, 'the-owners-password');
    expect(owner.statusCode, owner.body).toBe(200);
    const takeover = await register(token, {
      password: 'attackers-password',
      passwordConfirmation: 'attackers-password',
    });
    expect(takeover.statusCode).toBe(422);
    expect(takeover.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
      'Your account already has a password. To change it, sign in, or use “Forgot password” on the sign-in page.',
    ]);
    expect((await signIn(resident.email!, 'attackers-password')).statusCode).toBe(401);
    // The owner's session is untouched; the details can still be confirmed without a password.
    const session = owner.json<{ token: string }>().token;
    expect((await as(code, session)('GET', '/auth/bootstrap')).statusCode).toBe(200);
    expect((await register(token)).statusCode).toBe(200);
  });

  it('ends once the resident has registered and signed: later visits get the error, the PDF only briefly', async () => {
    const { resident, token } = await invited();
    const pw = { password: 'a-long-password', passwordConfirmation: 'a-long-password' };
    expect((await register(token, pw)).statusCode).toBe(200);
    // Registered but not signed: the link still works.
    expect((await anyone('GET', `/public/residents/token/${token}`)).statusCode).toBe(200);
    const signed = await signature(resident.id, token);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<PublicResident>()).toMatchObject({ registered: true });

    const later = await anyone('GET', `/public/residents/token/${token}`, undefined, 'es');
    expect(later.statusCode).toBe(410);
    expect(later.json<{ message: string }>().message).toContain('Este enlace ya se ha utilizado');
    expect((await anyone('GET', `/public/residents/${resident.id}?token=${token}`)).statusCode).toBe(410);
    expect((await register(token, pw)).statusCode).toBe(410);
    expect((await signature(resident.id, token)).statusCode).toBe(410);
    // The done step's download works for a short while after signing…
    const pdf = await anyone('GET', `/public/residents/agreement/${resident.id}?token=${token}`);
    expect(pdf.statusCode).toBe(200);
    // …and not afterwards.
    await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx
        .update(residents)
        .set({ linkUsedAt: new Date(Date.now() - 31 * 60_000) })
        .where(and(eq(residents.propertyId, propertyId), eq(residents.id, resident.id))),
    );
    expect(
      (await anyone('GET', `/public/residents/agreement/${resident.id}?token=${token}`)).statusCode,
    ).toBe(410);
    // A new link from staff works again.
    const fresh = await manager('PUT', `/residents/${resident.id}/resendAgreement`);
    expect(fresh.statusCode).toBe(200);
  });

  it('signing first and registering after also ends the link', async () => {
    const { resident, token } = await invited();
    expect((await signature(resident.id, token)).statusCode).toBe(200);
    expect((await anyone('GET', `/public/residents/token/${token}`)).statusCode).toBe(200);
    const pw = { password: 'a-long-password', passwordConfirmation: 'a-long-password' };
    expect((await register(token, pw)).statusCode).toBe(200);
    expect((await anyone('GET', `/public/residents/token/${token}`)).statusCode).toBe(410);
  });

  it('a password set through the link kills pending reset links', async () => {
    const { resident, token } = await invited();
    expect((await manager('PUT', `/residents/${resident.id}/resendPassword`)).statusCode).toBe(200);
    const [mail] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, resident.email!), eq(mailOutbox.kind, 'resident-password')))
        .orderBy(desc(mailOutbox.id)),
    );
    const reset = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const pw = { password: 'a-long-password', passwordConfirmation: 'a-long-password' };
    expect((await register(token, pw)).statusCode).toBe(200);
    const late = await anyone('POST', '/auth/reset-password', {
      email: resident.email,
      token: reset,
      password: 'someone-elses-password',
      passwordConfirmation: 'someone-elses-password',
    });
    expect(late.statusCode).toBe(422);
    expect((await signIn(resident.email!, 'a-long-password')).statusCode).toBe(200);
  });

  it('a password set by staff ends the resident’s sessions and pending reset links', async () => {
    const { resident } = await invited({ password: 'first-password-1' });
    const session = (await signIn(resident.email!, 'first-password-1')).json<{ token: string }>().token;
    expect((await manager('PUT', `/residents/${resident.id}/resendPassword`)).statusCode).toBe(200);
    const [mail] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, resident.email!), eq(mailOutbox.kind, 'resident-password')))
        .orderBy(desc(mailOutbox.id)),
    );
    const reset = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const set = await manager('PUT', `/residents/${resident.id}/password`, {
      password: 'second-password-2',
      passwordConfirmation: 'second-password-2',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await as(code, session)('GET', '/auth/bootstrap')).statusCode).toBe(401);
    const late = await anyone('POST', '/auth/reset-password', {
      email: resident.email,
      token: reset,
      password: 'someone-elses-password',
      passwordConfirmation: 'someone-elses-password',
    });
    expect(late.statusCode).toBe(422);
  });
});
