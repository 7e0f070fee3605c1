import type { EmailTemplate, RequestItem } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPayload, headers } from '../../test/harness';
import { eventually, mailHtml, startMailPeer, TEST_CA, type ReceivedMail } from '../../test/mail-peer';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { mailOutbox } from '../outbox/table';
import { residents } from '../residents/table';
import { units } from '../units/table';

/*
 * Requests (decision 0049): each staff reply (not an internal note) and each change of status mails the resident who
 * asked, through the property's `request-update` template, in the resident's language, delivered by the outbox to a
 * real SMTP peer; a resident who unsubscribed from the property's other mail is told only in the bell.
 */
let smtp: Awaited<ReturnType<typeof startMailPeer>> | undefined;
const inbox: ReceivedMail[] = [];
beforeAll(async () => {
  smtp = await startMailPeer(0, (m) => inbox.push(m));
});
afterAll(async () => smtp?.close());
const s = tenantSuite({
  env: () => ({
    smtp: {
      host: '127.0.0.1',
      port: smtp!.port,
      from: 'Parkade <no-reply@parkade.test>',
      tls: 'verify',
      ca: TEST_CA,
    },
  }),
  property: { languages: ['en', 'es', 'zh'] as never, name: 'Torre Norte' },
});
let unitId: number;
beforeAll(async () => {
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
});

async function post(token: string, url: string, fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: `/tenant/api${url}`,
    headers: { ...headers({ tenant: s.code, token }), 'content-type': contentType },
    payload,
  });
}

/** The mails the peer received for an address whose text holds a phrase. */
const mailTo = (email: string, phrase: string) =>
  eventually(`the mail to ${email} saying "${phrase}"`, () =>
    inbox.find((m) => m.to.includes(email) && m.text.includes(phrase)),
  );
/** How many request-update mails the outbox holds for an address. */
const written = (email: string) =>
  s.inProperty(
    async (tx) =>
      (
        await tx
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.kind, 'request-update'), eq(mailOutbox.to, email)))
      ).length,
  );

describe('mail to the requester', () => {
  it('a reply and a change of status reach a Spanish resident in Spanish, never an internal note', async () => {
    const lucia = await s.newResident(unitId, { fullName: 'Lucía Pardo', language: 'es' });
    const asked = await ok<RequestItem>(
      await post(lucia.token, '/my/requests', {
        typeId: '2',
        subject: 'Plaza junto al ascensor',
        description: 'Me rompí la pierna.',
      }),
    );
    await ok(
      await post(s.token, `/requests/${asked.id}/comments`, { body: 'Mirar la A-2 primero', internal: '1' }),
    );
    await ok(
      await post(s.token, `/requests/${asked.id}/comments`, { body: 'La A-2 está libre desde el lunes.' }),
    );

    const reply = await mailTo(lucia.email!, 'La A-2 está libre desde el lunes.');
    expect(reply.text).toContain('Hola Lucía Pardo:');
    expect(reply.text).toContain(
      'actualizó su solicitud «Plaza junto al ascensor» en Torre Norte. Su estado: Creada.',
    );
    expect(reply.text).toContain(`/my-requests/${asked.id}/show`);
    expect(reply.raw).toMatch(
      /^Subject: Novedades de su solicitud en Torre Norte: Plaza junto al ascensor$/m,
    );
    // Not essential: the one-click unsubscribe, in the header and as the text's last line.
    expect(reply.raw).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/unsubscribe\?token=/im);
    expect(reply.text).toContain('Para dejar de recibir estos mensajes:');
    expect(mailHtml(reply.raw)).toContain('La A-2 está libre desde el lunes.');

    await ok(
      await s.call('POST', `/requests/${asked.id}/status`, { status: 'done', comment: 'Ya es suya la A-2.' }),
    );
    const done = await mailTo(lucia.email!, 'Ya es suya la A-2.');
    expect(done.text).toContain('Su estado: Resuelta.');
    // The reply and the move: two mails, the internal note none.
    expect(await written(lucia.email!)).toBe(2);
    expect(inbox.some((m) => m.to.includes(lucia.email!) && m.text.includes('Mirar la A-2'))).toBe(false);
  });

  it("writes the property's own text for the resident's language, and English to an English resident", async () => {
    const saved = await s.call('PUT', '/email-templates/request-update', {
      texts: {
        es: {
          subject: 'Su solicitud: {{request}}',
          body: 'Estimado/a {{name}}: {{by}} le escribe sobre «{{request}}» ({{status}}).\n\n{{message}}\n\n{{url}}',
        },
      },
    });
    expect(saved.json<EmailTemplate>().texts.es).toMatchObject({ custom: true });
    const marta = await s.newResident(unitId, { fullName: 'Marta Gil', language: 'es' });
    const tom = await s.newResident(unitId, { fullName: 'Tom Hale', language: 'en' });
    for (const who of [marta, tom]) {
      const asked = await ok<RequestItem>(
        await post(who.token, '/my/requests', { typeId: '5', subject: 'Bikes', description: 'Where?' }),
      );
      await ok(
        await s.call('POST', `/requests/${asked.id}/status`, { status: 'in-process', comment: 'On it' }),
      );
    }
    const es = await mailTo(marta.email!, 'Estimado/a Marta Gil:');
    expect(es.text).toContain('le escribe sobre «Bikes» (En proceso).');
    const en = await mailTo(tom.email!, 'Its status: In process.');
    expect(en.text).toContain('Hello Tom Hale,');
    expect(en.text).toContain('updated your request "Bikes" at Torre Norte. Its status: In process.');
    expect(en.text).toContain('On it');
  });

  it('tells a resident who unsubscribed only in the bell', async () => {
    const nico = await s.newResident(unitId, { fullName: 'Nico Out', language: 'en' });
    await s.inProperty((tx) =>
      tx.update(residents).set({ mailOptOutAt: new Date() }).where(eq(residents.id, nico.id)),
    );
    const asked = await ok<RequestItem>(
      await post(nico.token, '/my/requests', { typeId: '6', subject: 'Noise', description: 'At night' }),
    );
    await ok(await post(s.token, `/requests/${asked.id}/comments`, { body: 'We will look into it.' }));
    expect(await written(nico.email!)).toBe(0);
    const bell = await ok<{ items: { recordId: number }[] }>(
      await s.call('GET', '/notifications', undefined, { token: nico.token }),
    );
    expect(bell.items.some((i) => i.recordId === asked.id)).toBe(true);
  });
});
