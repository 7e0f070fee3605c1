/**
 * Issue 14, item 4 (and the outbox and test-email items of 8): outgoing mail goes over verified TLS by default,
 * to a real local SMTP peer with a certificate of the tests' own CA; only an explicit opt-out goes back to "any
 * certificate, TLS if offered". A sent mail keeps its envelope, not its body. Test email refuses local and private
 * addresses unless the system's own SMTP is on one.
 */
import type { Property } from '@parkade/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binnacle } from '../binnacle/table';
import { mailOutbox } from './table';
import { createCentralUser, createTestContext, headers, login, type TestContext } from '../../test/harness';
import { startMailPeer, TEST_CA, type ReceivedMail } from '../../test/mail-peer';
import type { Env } from '../../platform/env';
import {
  deliverMail,
  isInternalAddress,
  outboxMessageId,
  writeMail,
  smtpFor,
  transportFor,
  type SmtpSettings,
} from './mail';

const received: ReceivedMail[] = [];
let tlsPeer: Awaited<ReturnType<typeof startMailPeer>>;
let plainPeer: Awaited<ReturnType<typeof startMailPeer>>;

beforeAll(async () => {
  tlsPeer = await startMailPeer(0, (m) => received.push(m));
  plainPeer = await startMailPeer(0, (m) => received.push(m), { starttls: false });
});
afterAll(async () => {
  await tlsPeer?.close();
  await plainPeer?.close();
});

const settings = (port: number, over: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: '127.0.0.1',
  port,
  from: 'Parkade <no-reply@parkade.test>',
  insecureTls: false,
  ...over,
});
const send = async (s: SmtpSettings, to: string) => {
  const transport = transportFor(s);
  try {
    return await transport.sendMail({ from: s.from, to, subject: 'TLS check', text: `for ${to}` });
  } finally {
    transport.close();
  }
};
const got = (to: string) => received.some((m) => m.to.includes(to));

describe('mail transport security', () => {
  it('refuses a server whose certificate does not verify (self-signed, unknown CA) by default', async () => {
    await expect(send(settings(tlsPeer.port), 'a@example.test')).rejects.toThrow(/certificate/i);
    expect(got('a@example.test')).toBe(false);
  });

  it('refuses a server that offers no STARTTLS by default (no plain-text fallback)', async () => {
    await expect(send(settings(plainPeer.port), 'b@example.test')).rejects.toThrow(/STARTTLS|TLS/);
    expect(got('b@example.test')).toBe(false);
  });

  it('delivers over verified TLS when the relay’s CA is trusted (SMTP_CA_FILE)', async () => {
    await send(settings(tlsPeer.port, { ca: TEST_CA }), 'c@example.test');
    expect(got('c@example.test')).toBe(true);
  });

  it('verifies the certificate against the host name: a trusted certificate for another name is refused', async () => {
    // Reached at the peer's address but named mail.example.test: the certificate (localhost, 127.0.0.1) does
    // not name it, so the name check fails even though its CA is trusted.
    const s = settings(tlsPeer.port, { ca: TEST_CA, host: 'mail.example.test' });
    const transport = transportFor(s, '127.0.0.1');
    try {
      await expect(
        transport.sendMail({ from: s.from, to: 'd@example.test', subject: 'x', text: 'x' }),
      ).rejects.toThrow(/altnames|mail\.example\.test/i);
    } finally {
      transport.close();
    }
    expect(got('d@example.test')).toBe(false);
  });

  it('accepts the self-signed server and the plain one only with the explicit opt-out', async () => {
    await send(settings(tlsPeer.port, { insecureTls: true }), 'e@example.test');
    await send(settings(plainPeer.port, { insecureTls: true }), 'f@example.test');
    expect(got('e@example.test')).toBe(true);
    expect(got('f@example.test')).toBe(true);
  });
});

describe('the opt-out is the property’s explicit, audited setting', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  });
  afterAll(() => ctx?.close());

  const call = (method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/central${url}`,
      headers: headers({ token }),
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('is off for a new property, and turning it on is recorded old → new', async () => {
    const base = {
      code: 'tlsprop',
      name: 'TLS Court',
      type: 'house',
      timezone: 'America/Chicago',
      languages: ['en'],
      mailUsername: 'mailer',
      mailPassword: 'secret-1',
      mailHost: 'smtp.example.com',
      mailPort: 587,
    };
    const made = await call('POST', '/properties', base);
    expect(made.statusCode, made.body).toBe(200);
    const p = made.json<Property>();
    expect(p.mailTlsInsecure).toBe(false);
    const smtp = await ctx.database.withScope({ area: 'central' }, (tx) => smtpFor(tx, ctx.env, p.id));
    expect(smtp).toMatchObject({ host: 'smtp.example.com', insecureTls: false });

    const on = await call('PUT', `/properties/${p.id}`, { ...base, mailPassword: '', mailTlsInsecure: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<Property>().mailTlsInsecure).toBe(true);
    const after = await ctx.database.withScope({ area: 'central' }, (tx) => smtpFor(tx, ctx.env, p.id));
    expect(after).toMatchObject({ insecureTls: true });
    const [entry] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select()
        .from(binnacle)
        .where(
          and(
            eq(binnacle.entity, 'properties'),
            eq(binnacle.entityId, String(p.id)),
            eq(binnacle.action, 'update'),
          ),
        )
        .orderBy(desc(binnacle.id))
        .limit(1),
    );
    expect(JSON.stringify(entry)).toContain('mailTlsInsecure');
  });

  it('the system SMTP verifies by default; SMTP_TLS=insecure is its own opt-out', () => {
    expect(ctx.env.smtp.tls).toBe('verify');
  });
});

describe('the outbox keeps a sent mail’s envelope, not its body', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      smtp: {
        host: '127.0.0.1',
        port: tlsPeer.port,
        from: 'Parkade <x@parkade.test>',
        tls: 'verify',
        ca: TEST_CA,
      },
    });
  });
  afterAll(() => ctx?.close());

  it('drops text and html once sent; a failed mail keeps them for its retry', async () => {
    const id = await ctx.database.withScope({ area: 'central' }, async (tx) => {
      await writeMail(tx, ctx.services.jobs, {
        to: 'body@example.test',
        subject: 'Reset',
        text: 'https://parkade.test/auth/reset-password?token=live-token',
        html: '<a href="https://parkade.test/auth/reset-password?token=live-token">reset</a>',
        kind: 'password-reset',
        propertyId: null,
      });
      const [row] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'body@example.test'));
      return row!.id;
    });
    await deliverMail(ctx.services, id);
    expect(received.find((m) => m.to.includes('body@example.test'))?.text).toContain('live-token');
    const [row] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)),
    );
    expect(row).toMatchObject({
      status: 'sent',
      text: '',
      html: null,
      subject: 'Reset',
      to: 'body@example.test',
    });

    const env: Env = { ...ctx.env, smtp: { ...ctx.env.smtp, ca: undefined } };
    const failing = await ctx.database.withScope({ area: 'central' }, async (tx) => {
      await writeMail(tx, ctx.services.jobs, {
        to: 'retry@example.test',
        subject: 'Reset',
        text: 'kept for the retry',
        kind: 'password-reset',
        propertyId: null,
      });
      const [r] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'retry@example.test'));
      return r!.id;
    });
    await expect(deliverMail({ ...ctx.services, env }, failing)).rejects.toThrow(/certificate/i);
    const [kept] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.id, failing)),
    );
    expect(kept).toMatchObject({ status: 'failed', text: 'kept for the retry' });
  });

  it('two deliveries of one mail at once (its job and a sweep’s): the server gets it once, with its Message-ID', async () => {
    const id = await ctx.database.withScope({ area: 'central' }, async (tx) => {
      await writeMail(tx, ctx.services.jobs, {
        to: 'twice@example.test',
        subject: 'Reset',
        text: 'one link',
        kind: 'password-reset',
        propertyId: null,
      });
      const [row] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'twice@example.test'));
      return row!.id;
    });
    const outcomes = await Promise.allSettled([deliverMail(ctx.services, id), deliverMail(ctx.services, id)]);
    // The second found the mail held by the first (its job is retried later, and finds it sent) or already sent.
    for (const o of outcomes)
      if (o.status === 'rejected') expect(String(o.reason)).toMatch(/being delivered by another job/);
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    await deliverMail(ctx.services, id);
    const copies = received.filter((m) => m.to.includes('twice@example.test'));
    expect(copies).toHaveLength(1);
    const [row] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)),
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1, leasedUntil: null });
    expect(copies[0]!.raw).toMatch(
      new RegExp(`^message-id: ${outboxMessageId(row!, 'parkade.test').replace(/[.]/g, '\\.')}`, 'im'),
    );
  });
});

describe('test email does not reach into local networks', () => {
  it('knows loopback, private, link-local, shared and mapped addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:127.0.0.1',
    ])
      expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '203.0.113.9', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isInternalAddress(a), a).toBe(false);
  });

  for (const systemHost of [undefined, 'smtp.example.com'] as const) {
    describe(`with the system SMTP ${systemHost ?? 'unset'}`, () => {
      let ctx: TestContext;
      let token: string;
      beforeAll(async () => {
        ctx = await createTestContext({
          smtp: { host: systemHost, port: 587, from: 'Parkade <x@parkade.test>', tls: 'verify' },
        });
        token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
      });
      afterAll(() => ctx?.close());

      it.each(['127.0.0.1', 'localhost', '10.0.0.5', '169.254.169.254', '192.168.0.10'])(
        'refuses a property mail server at %s on its field',
        async (host) => {
          const made = await ctx.app.inject({
            method: 'POST',
            url: '/api/central/properties',
            headers: headers({ token, lang: 'es' }),
            payload: {
              code: `ssrf${host.replace(/\W/g, '')}`,
              name: `SSRF ${host}`,
              type: 'house',
              timezone: 'America/Chicago',
              languages: ['en'],
              mailUsername: 'mailer',
              mailPassword: 'secret-1',
              mailHost: host,
              mailPort: 25,
            },
          });
          expect(made.statusCode, made.body).toBe(200);
          const res = await ctx.app.inject({
            method: 'POST',
            url: `/api/central/properties/${made.json<Property>().id}/test-email`,
            headers: headers({ token, lang: 'es' }),
            payload: { to: 'check@example.com' },
          });
          expect(res.statusCode).toBe(422);
          const errors = res.json<{ errors: Record<string, string[]> }>().errors;
          expect(Object.keys(errors)).toEqual(['mailHost']);
          expect(errors.mailHost![0]).toContain('red local o privada');
        },
      );
    });
  }
});
