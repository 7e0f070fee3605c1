import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Property, PropertySettings, PropertyTestEmailResult, TenantHost } from '@parkade/contract';
import { inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCentralUser,
  createTenantUser,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { PEER_TLS, TEST_CA } from '../../test/mail-peer';
import { files } from '../files/table';

/** Creating and changing properties (tenants): email configuration, test email, logo, settings, host names. */
let ctx: TestContext;
let token: string;
let smtp: SMTPServer;
let refusing: SMTPServer;
const inbox: { to: string[]; user?: string }[] = [];
const SECRET = 'smtp-pass-Qx81';

async function listen(server: SMTPServer, port: number) {
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return (server.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    ...PEER_TLS,
    logger: false,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      stream.resume();
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), user: String(session.user ?? '') });
        cb();
      });
    },
  });
  // The property form offers the standard ports only (587, 465, 25): the peer listens on 587.
  await listen(smtp, 587);
  refusing = new SMTPServer({
    authOptional: true,
    ...PEER_TLS,
    logger: false,
    onRcptTo(_address, _session, cb) {
      cb(Object.assign(new Error('5.7.1 Relaying denied'), { responseCode: 550 }));
    },
  });
  const refusingPort = await listen(refusing, 0);
  ctx = await createTestContext({
    smtp: {
      host: '127.0.0.1',
      port: refusingPort,
      from: 'Parkade <no-reply@parkade.test>',
      tls: 'verify',
      ca: TEST_CA,
    },
  });
  token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
});
afterAll(async () => {
  await ctx?.close();
  for (const s of [smtp, refusing]) await new Promise<void>((r) => (s ? s.close(() => r()) : r()));
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, lang?: string) =>
  ctx.app.inject({
    method,
    url: `/api/central${url}`,
    headers: headers({ token, lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
const errors = (res: { json: <X>() => X }) => res.json<{ errors: Record<string, string[]> }>().errors;

const base = {
  name: 'Cypress Court',
  type: 'house',
  timezone: 'America/Chicago',
  languages: ['en', 'es'],
  city: 'Austin',
  zipcode: '78701',
  latitude: 30.26,
  longitude: -97.74,
};

let cypress: Property;

describe('creating a property', () => {
  it('creates it with SMTP settings; the tenant answers on its code at once; the password never comes back', async () => {
    const res = await call('POST', '/properties', {
      ...base,
      code: 'cypress',
      accessDomain: 'Parking.Cypress-Court.com',
      mailUsername: 'mailer',
      mailPassword: SECRET,
      mailHost: '127.0.0.1',
      mailPort: 587,
      mailFromAddress: 'office@cypress-court.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    cypress = res.json<Property>();
    expect(cypress).toMatchObject({
      code: 'cypress',
      accessDomain: 'parking.cypress-court.com',
      mailPasswordSet: true,
    });
    expect(cypress.settings.residentPermits.vehiclesAllowed).toBe(2);
    expect(res.body).not.toContain(SECRET);
    const tenant = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/langs/codes/all',
      headers: headers({ tenant: 'cypress' }),
    });
    expect(tenant.statusCode).toBe(200);
    const audit = await call('GET', `/binnacle?filter[entity]=properties&filter[entityId]=${cypress.id}`);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).not.toContain(SECRET);
    expect(audit.body).not.toMatch(/mailPasswordEncrypted/);
  });

  it('refuses a taken, reserved or malformed code, a bad time zone (in Spanish) and half an SMTP configuration', async () => {
    expect(errors(await call('POST', '/properties', { ...base, code: 'CYPRESS' }))).toHaveProperty('code');
    expect(errors(await call('POST', '/properties', { ...base, code: 'admin' }))).toHaveProperty('code');
    expect(errors(await call('POST', '/properties', { ...base, code: 'no spaces!' }))).toHaveProperty('code');
    const tz = await call('POST', '/properties', { ...base, code: 'tzbad', timezone: 'Mars/Olympus' }, 'es');
    expect(errors(tz).timezone).toEqual(['Elija una zona horaria de la lista (p. ej. America/Chicago)']);
    const half = await call('POST', '/properties', {
      ...base,
      code: 'halfmail',
      mailHost: 'smtp.example.com',
    });
    expect(Object.keys(errors(half)).sort()).toEqual(['mailPassword', 'mailPort', 'mailUsername']);
    const port = await call('POST', '/properties', {
      ...base,
      code: 'badport',
      mailUsername: 'u',
      mailPassword: 'p',
      mailHost: 'h.example.com',
      mailPort: 2525,
    });
    expect(Object.keys(errors(port))).toEqual(['mailPort']);
    const domain = await call('POST', '/properties', {
      ...base,
      code: 'dup',
      visitorDomain: 'parking.cypress-court.com',
    });
    expect(Object.keys(errors(domain))).toEqual(['visitorDomain']);
  });
});

describe('changing a property', () => {
  const update = (patch: Record<string, unknown>, lang?: string) =>
    call(
      'PUT',
      `/properties/${cypress.id}`,
      {
        ...base,
        code: 'cypress',
        accessDomain: 'parking.cypress-court.com',
        mailUsername: 'mailer',
        mailHost: '127.0.0.1',
        mailPort: 587,
        ...patch,
      },
      lang,
    );

  it('keeps the stored password when none is sent, and never lets the code change', async () => {
    const kept = await update({ name: 'Cypress Court East' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Property>()).toMatchObject({ name: 'Cypress Court East', mailPasswordSet: true });
    const code = await update({ code: 'cypress2' });
    expect(Object.keys(errors(code))).toEqual(['code']);
  });

  it('sends a test email through the stored settings and reports the SMTP answer', async () => {
    const res = await call('POST', `/properties/${cypress.id}/test-email`, { to: 'check@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<PropertyTestEmailResult>();
    expect(r).toMatchObject({ ok: true, usedDefaults: false, host: '127.0.0.1', port: 587 });
    expect(r.response).toMatch(/^250/);
    expect(inbox.at(-1)).toEqual({ to: ['check@example.com'], user: 'mailer' });
  });

  it('reports a refusing server (system defaults) as not ok, without failing the request', async () => {
    const cleared = await update({
      mailUsername: null,
      mailHost: null,
      mailPort: null,
      mailPasswordClear: true,
    });
    expect(cleared.json<Property>()).toMatchObject({ mailPasswordSet: false, mailHost: null });
    const res = await call('POST', `/properties/${cypress.id}/test-email`, { to: 'check@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json<PropertyTestEmailResult>()).toMatchObject({ ok: false, usedDefaults: true });
    expect(res.json<PropertyTestEmailResult>().response).toMatch(/Relaying denied/);
    // All four again, without a password: refused (none is stored any more).
    const noPassword = await update({});
    expect(Object.keys(errors(noPassword))).toEqual(['mailPassword']);
  });

  it('keeps settings typed: defaults, a section replaced, others kept, bad values refused', async () => {
    const s = await call('PUT', `/properties/${cypress.id}/settings`, {
      visitorPermits: { validityAmount: 3, validityUnit: 'days', visitorLimit: 5, visitorLimitWindowDays: 7 },
    });
    expect(s.statusCode, s.body).toBe(200);
    const settings = s.json<PropertySettings>();
    expect(settings.visitorPermits).toMatchObject({
      validityAmount: 3,
      validityUnit: 'days',
      visitorLimit: 5,
      visitorLimitWindowDays: 7,
    });
    expect(settings.residentPermits.vehiclesAllowed).toBe(2);
    await call('PUT', `/properties/${cypress.id}/settings`, { residentPermits: { vehiclesAllowed: 4 } });
    const again = (await call('GET', `/properties/${cypress.id}/settings`)).json<PropertySettings>();
    expect(again.residentPermits.vehiclesAllowed).toBe(4);
    expect(again.visitorPermits.validityAmount).toBe(3);
    const bad = await call('PUT', `/properties/${cypress.id}/settings`, {
      residentPermits: { vehiclesAllowed: -1 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errors(bad))).toEqual(['residentPermits.vehiclesAllowed']);
    expect((await call('PUT', `/properties/${cypress.id}/settings`, { colour: {} })).statusCode).toBe(422);
    // The property's own staff read the same settings at /settings.
    const manager = await login(ctx, await createTenantUser(ctx.database, cypress.id, 'manager'), 'cypress');
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/settings',
      headers: headers({ tenant: 'cypress', token: manager }),
    });
    expect(own.json<PropertySettings>().residentPermits.vehiclesAllowed).toBe(4);
    const centrally = await ctx.app.inject({
      method: 'GET',
      url: '/api/central/settings',
      headers: { ...headers({ token }), 'x-property': String(cypress.id) },
    });
    expect(centrally.json<PropertySettings>().visitorPermits.validityUnit).toBe('days');
  });

  it('takes an image as logo, replaces it, refuses a PDF', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const send = async (name: string, bytes: Buffer) => {
      const fd = new FormData();
      fd.append('logo', new Blob([new Uint8Array(bytes)]), name);
      const { payload, contentType } = await formPayload(fd);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/central/properties/${cypress.id}/logo`,
        headers: { ...headers({ token }), 'content-type': contentType },
        payload,
      });
    };
    const first = (await send('logo.png', png)).json<Property>();
    expect(first.logoFileId).toBeTruthy();
    const second = (await send('logo2.png', png)).json<Property>();
    expect(second.logoFileId).not.toBe(first.logoFileId);
    // The logo is served as the property's (properties.show); the replaced file is gone.
    const logo = await call('GET', `/properties/${cypress.id}/logo`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    const rows = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select({ id: files.id })
        .from(files)
        .where(inArray(files.id, [first.logoFileId!, second.logoFileId!])),
    );
    expect(rows.map((r) => r.id)).toEqual([second.logoFileId]);
    const pdf = await send('logo.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(422);
    expect(Object.keys(errors(pdf))).toEqual(['logo']);
  });

  it('lists the host names of every property, and refuses to delete a property with data', async () => {
    const hosts = (await call('GET', '/tenants?filter[term]=cypress')).json<{ data: TenantHost[] }>().data;
    expect(hosts.map((h) => [h.host, h.kind])).toEqual([
      ['cypress.parkade.test', 'subdomain'],
      ['parking.cypress-court.com', 'access'],
    ]);
    expect((await call('DELETE', `/properties/${cypress.id}`)).statusCode).toBe(409);
    const empty = (await call('POST', '/properties', { ...base, code: 'emptyone' })).json<Property>();
    expect((await call('DELETE', `/properties/${empty.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/properties/${empty.id}`)).statusCode).toBe(404);
  });
});
