import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LANGUAGES,
  MAIL_TEMPLATE_KEYS,
  MAIL_TEMPLATES,
  templateVariables,
  CUSTOM_TEMPLATES_MAX,
  type CustomTemplate,
  type EmailTemplate,
  type EmailTemplateList,
  type EmailTemplateSummary,
  type RenderedMail,
} from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { eventually, mailHtml, startMailPeer, TEST_CA, type ReceivedMail } from '../../test/mail-peer';
import { binnacle } from '../binnacle/table';
import { buildings } from '../buildings/table';
import { mailOutbox } from '../outbox/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { defaultText, escapeHtml, renderMailText } from './render';
import { customEmailTemplates } from './table';

/**
 * Email templates (issue 37 §2, decision 0040): every mail the product sends is written from a template; a property
 * rewrites one per language and its residents get that text, in their language, as text and HTML; nothing a person
 * typed becomes markup or a variable; a variable the mail does not offer is refused where it is.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startMailPeer>> | undefined;
const inbox: ReceivedMail[] = [];
let property: { id: number; code: string; name: string };
let manager: string;
let resident: string;
let unitId: number;

beforeAll(async () => {
  smtp = await startMailPeer(0, (m) => inbox.push(m));
  ctx = await createTestContext({
    smtp: {
      host: '127.0.0.1',
      port: smtp.port,
      from: 'Parkade <no-reply@parkade.test>',
      tls: 'verify',
      ca: TEST_CA,
    },
  });
  property = await createProperty(ctx.database, { languages: ['en', 'es', 'zh'] as never });
  manager = await login(ctx, await createTenantUser(ctx.database, property.id, 'manager'), property.code);
  resident = await login(ctx, await createTenantUser(ctx.database, property.id, null), property.code);
  await ctx.database.withScope({ area: 'tenant', propertyId: property.id }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: property.id, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: property.id, buildingId: b!.id, name: '1' })
      .returning();
    unitId = u!.id;
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, token = manager) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: property.code, token }),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The mail to an address whose text contains a phrase (a new resident gets their link and a password link). */
const mailTo = (email: string, phrase: string) =>
  eventually(`the mail to ${email} saying "${phrase}"`, () =>
    inbox.find((m) => m.to.includes(email) && m.text.includes(phrase)),
  );

/** A resident of the property with an email and a language, through the API (it mails them their link). */
async function newResident(fullName: string, language: string) {
  const email = `r.${Math.random().toString(36).slice(2, 10)}@residents.test`;
  const res = await call('POST', '/residents', { fullName, email, language, unitIds: [unitId] });
  expect(res.statusCode, res.body).toBe(200);
  // The property asks new residents to sign: the new resident is mailed their link at once.
  expect(res.json<{ status: string }>().status).toBe('pending-parking-policies');
  return { id: res.json<{ id: number }>().id, email };
}

describe('the shipped templates', () => {
  it('every mail has a default subject and body in every language, using only the variables it offers', () => {
    for (const key of MAIL_TEMPLATE_KEYS)
      for (const language of LANGUAGES) {
        const text = defaultText(key, language);
        expect(text.subject, `${key} ${language}`).not.toBe(MAIL_TEMPLATES[key].subject);
        expect(text.body, `${key} ${language}`).not.toBe(MAIL_TEMPLATES[key].body);
        const used = [...templateVariables(text.subject), ...templateVariables(text.body)];
        expect(
          used.filter((v) => !(MAIL_TEMPLATES[key].variables as readonly string[]).includes(v)),
          `${key} ${language}`,
        ).toEqual([]);
      }
  });

  it('the server writes mail only through a template (no other caller of the outbox writer)', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const callers: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, e.name);
        if (e.isDirectory()) walk(file);
        else if (
          /\.ts$/.test(e.name) &&
          !/\.test\.ts$/.test(e.name) &&
          /\bwriteMail\(/.test(fs.readFileSync(file, 'utf8'))
        )
          callers.push(path.relative(src, file));
      }
    };
    walk(src);
    expect(callers.sort()).toEqual([
      'modules/email-templates/render.ts',
      'modules/email-templates/service.ts',
      'modules/outbox/mail.ts',
    ]);
  });

  it('a value is written as typed: no markup in the HTML part, no variable read from a value', () => {
    const mail = renderMailText(
      { subject: 'Hi {{name}}', body: 'Hello {{name}},\n\nopen {{link}}\nbye' },
      'en',
      { name: '<script>alert(1)</script> {{link}}', link: 'https://x.test/a?b=1&c=2' },
      'Oak & <Co>',
    );
    expect(mail.subject).toBe('Hi <script>alert(1)</script> {{link}}');
    expect(mail.text).toContain('Hello <script>alert(1)</script> {{link}},');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; {{link}}');
    expect(mail.html).toContain('Oak &amp; &lt;Co&gt;');
    expect(mail.html).toContain('<a href="https://x.test/a?b=1&amp;c=2"');
  });
});

describe('a property rewrites a mail', () => {
  it('lists every mail with its languages; a resident may not read them', async () => {
    const res = await call('GET', '/email-templates');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ data: EmailTemplateSummary[] }>().data;
    expect(list.map((t) => t.key)).toEqual(MAIL_TEMPLATE_KEYS);
    expect(list.find((t) => t.key === 'resident-agreement')).toMatchObject({
      essential: true,
      languages: [
        { language: 'en', custom: false },
        { language: 'es', custom: false },
        { language: 'zh', custom: false },
      ],
    });
    expect((await call('GET', '/email-templates', undefined, resident)).statusCode).toBe(403);
    expect((await call('GET', '/email-templates/no-such-mail')).statusCode).toBe(404);
  });

  it('refuses a variable the mail does not offer, naming it and where, and writes nothing', async () => {
    const res = await call('PUT', '/email-templates/resident-agreement', {
      texts: {
        en: { subject: 'Sign at {{place}}', body: 'Hello {{name}}: {{link}}' },
        es: { subject: 'Firme en {{place}}', body: 'Hola {{nmae}}, {{ user.password }}' },
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual(['texts.es.body']);
    expect(errors['texts.es.body']!.join(' ')).toContain('{{nmae}}');
    expect(errors['texts.es.body']!.join(' ')).toContain('{{user.password}}');
    const shown = (await call('GET', '/email-templates/resident-agreement')).json<EmailTemplate>();
    expect(shown.texts.en!.custom).toBe(false);
  });

  it("sends the property's Spanish text to a Spanish resident, as text and HTML, and the default in English", async () => {
    const saved = await call('PUT', '/email-templates/resident-agreement', {
      texts: {
        es: {
          subject: 'Firme su acuerdo en {{place}}',
          body: 'Estimado/a {{name}}:\n\nlas normas de la casa le esperan aquí: {{link}}\n\nVálido {{days}} días.',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const tpl = saved.json<EmailTemplate>();
    expect(tpl.texts.es).toMatchObject({ custom: true, subject: 'Firme su acuerdo en {{place}}' });
    expect(tpl.texts.en!.custom).toBe(false);

    const lucia = await newResident('Lucía <b>Pérez</b>', 'es');
    const mail = await mailTo(lucia.email, 'Estimado/a');
    expect(mail.text).toContain('Estimado/a Lucía <b>Pérez</b>:');
    expect(mail.text).toMatch(/aquí: https?:\/\/\S+\/register\/residents\/\S+/);
    const html = mailHtml(mail.raw)!;
    expect(html).toContain('Estimado/a Lucía &lt;b&gt;Pérez&lt;/b&gt;:');
    expect(html).toContain(`>${escapeHtml(property.name)}<`);
    expect(mail.raw).toMatch(/^subject: =\?UTF-8\?|^subject: Firme su acuerdo/im);

    const ann = await newResident('Ann Lee', 'en');
    const english = await mailTo(ann.email, 'please confirm your details');
    expect(english.text).toContain('Hello Ann Lee,');

    const rows = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, lucia.email)),
    );
    expect(rows.find((r) => r.kind === 'resident-agreement')).toMatchObject({
      subject: `Firme su acuerdo en ${property.name}`,
    });
  });

  it('restores the default (null), which the next mail uses, and the audit log keeps both', async () => {
    const res = await call('PUT', '/email-templates/resident-agreement', { texts: { es: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EmailTemplate>().texts.es!.custom).toBe(false);
    const pablo = await newResident('Pablo Ruiz', 'es');
    const mail = await mailTo(pablo.email, 'firme el acuerdo de estacionamiento');
    expect(mail.text).toContain('Hola Pablo Ruiz:');
    const entries = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(binnacle).where(eq(binnacle.entity, 'email_templates')),
    );
    const es = entries.filter((e) => e.propertyId === property.id && e.action === 'update');
    expect(es.map((e) => [e.changes.custom, e.changes.subject?.new])).toEqual([
      [{ old: false, new: true }, 'Firme su acuerdo en {{place}}'],
      [{ old: true, new: false }, 'Su acuerdo de estacionamiento en {{place}}'],
    ]);
  });

  it('previews a text with the sample values and sends a test to the signed-in user', async () => {
    const preview = await call('POST', '/email-templates/reservation-approved/preview', {
      language: 'zh',
      subject: '{{place}} 车位 {{spot}}',
      body: '{{name}}，您好：\n\n车位 {{spot}} 已为您保留。{{url}}',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const mail = preview.json<RenderedMail>();
    expect(mail.subject).toBe(`${property.name} 车位 B-12`);
    expect(mail.text).toContain('Alex Morgan，您好：\n\n车位 B-12 已为您保留。');
    expect(mail.html).toContain('lang="zh"');
    expect(mail.html).toContain('车位 B-12 已为您保留。');

    const bad = await call('POST', '/email-templates/reservation-approved/preview', {
      language: 'zh',
      subject: 'x',
      body: '{{resident}}',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['body']);

    const me = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select({ email: tenantUsers.email })
        .from(tenantUsers)
        .where(eq(tenantUsers.propertyId, property.id)),
    );
    const test = await call('POST', '/email-templates/reservation-approved/test', {
      language: 'en',
      subject: 'Approved: spot {{spot}}',
      body: 'Hi {{name}}',
    });
    expect(test.statusCode, test.body).toBe(200);
    const got = await eventually('the test mail', () =>
      inbox.find(
        (m) => /Approved: spot B-12/.test(m.raw) && me.some((u) => u.email && m.to.includes(u.email)),
      ),
    );
    expect(got.raw).toMatch(/\[Test\] Approved: spot B-12/);
  });

  it("keeps a visitor's typing out of subjects, and such mail plain text only (decision 0037)", async () => {
    const res = await call('PUT', '/email-templates/visitor-receipt', {
      texts: { en: { subject: 'Welcome {{name}}', body: 'Plate {{plate}}: {{url}}' } },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors['texts.en.subject']![0]).toContain(
      'never in the subject',
    );
    const preview = await call('POST', '/email-templates/visitor-receipt/preview', {
      language: 'en',
      subject: 'Your registration at {{place}}',
      body: 'Plate {{plate}}: {{url}}',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<RenderedMail>().html).toBeNull();
  });

  it('a language the property does not offer is refused', async () => {
    const other = await createProperty(ctx.database, { languages: ['en'] as never });
    const token = await login(ctx, await createTenantUser(ctx.database, other.id, 'manager'), other.code);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/tenant/api/email-templates/password-reset',
      headers: headers({ tenant: other.code, token }),
      payload: { texts: { es: { subject: 'Hola', body: 'Hola {{name}}' } } },
    });
    expect(res.statusCode, res.body).toBe(422);
    // Its templates are its own: the first property's Spanish text is nowhere near it.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/email-templates/resident-agreement',
      headers: headers({ tenant: other.code, token }),
    });
    expect(Object.keys(list.json<EmailTemplate>().texts)).toEqual(['en']);
  });
});

describe("a property's own templates (to start a bulk mail from)", () => {
  const garage = {
    name: 'Garage closing',
    description: 'When the garage closes for cleaning',
    texts: {
      en: {
        subject: 'The garage closes on Friday',
        body: 'Hello {{name}},\n\nplease move your car from {{unit}}.',
      },
      es: {
        subject: 'El garaje cierra el viernes',
        body: 'Hola {{name}}:\n\nretire su vehículo de {{unit}}.',
      },
    },
  };
  let id: number;

  it('creates one, which the list and the sender offer with its texts; a resident may not', async () => {
    const res = await call('POST', '/email-templates', garage);
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json<CustomTemplate>();
    id = made.id;
    expect(made).toMatchObject({
      name: 'Garage closing',
      languages: ['en', 'es'],
      variables: ['name', 'email', 'unit', 'building', 'place'],
    });
    expect(made.texts.es!.body).toContain('retire su vehículo');

    const list = (await call('GET', '/email-templates')).json<EmailTemplateList>();
    expect(list.custom.map((c) => [c.name, c.description, c.languages])).toEqual([
      ['Garage closing', 'When the garage closes for cleaning', ['en', 'es']],
    ]);
    const offered = await call('GET', '/emails-sender/templates');
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json<{ data: CustomTemplate[] }>().data.map((c) => c.texts.en?.subject)).toEqual([
      'The garage closes on Friday',
    ]);
    expect((await call('POST', '/email-templates', { ...garage, name: 'X' }, resident)).statusCode).toBe(403);
    expect((await call('GET', `/email-templates/custom/${id}`, undefined, resident)).statusCode).toBe(403);
  });

  it('refuses an unknown variable, a name taken (any case), a language not offered, no text — and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [
        { ...garage, name: 'Other', texts: { es: { subject: 'x', body: 'Hola {{nombre}}' } } },
        'texts.es.body',
      ],
      [{ ...garage, name: 'GARAGE CLOSING' }, 'name'],
      [{ ...garage, name: 'Third', texts: {} }, 'texts'],
      [{ ...garage, name: '  ' }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/email-templates', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json<{ errors: object }>().errors), res.body).toContain(field);
    }
    const other = await createProperty(ctx.database, { languages: ['en'] as never });
    const token = await login(ctx, await createTenantUser(ctx.database, other.id, 'manager'), other.code);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/email-templates',
      headers: headers({ tenant: other.code, token }),
      payload: garage,
    });
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(Object.keys(foreign.json<{ errors: object }>().errors)).toEqual(['texts.es']);
    // Another property never sees this one's template.
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/email-templates/custom/${id}`,
      headers: headers({ tenant: other.code, token }),
    });
    expect(peek.statusCode).toBe(404);
    const list = (await call('GET', '/email-templates')).json<EmailTemplateList>();
    expect(list.custom.map((c) => c.name)).toEqual(['Garage closing']);
  });

  it('previews a text as the bulk mail it makes for the sample resident, and mails a test to oneself', async () => {
    const preview = await call('POST', '/email-templates/custom/preview', {
      language: 'es',
      subject: '{{place}}: garaje',
      body: 'Hola {{name}}, de {{unit}}. <b>Gracias</b>',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const mail = preview.json<RenderedMail>();
    expect(mail.subject).toBe(`${property.name}: garaje`);
    expect(mail.text).toMatch(/^Hola Alex Morgan, de \S.* 204\. <b>Gracias<\/b>/);
    expect(mail.text).toContain('/api/unsubscribe?token=sample');
    expect(mail.html).toContain('&lt;b&gt;Gracias&lt;/b&gt;');
    const test = await call('POST', '/email-templates/custom/test', {
      language: 'en',
      subject: 'Garage test {{name}}',
      body: 'Hi {{name}}',
    });
    expect(test.statusCode, test.body).toBe(200);
    const got = await eventually('the test mail', () =>
      inbox.find((m) => /Garage test Alex Morgan/.test(m.raw)),
    );
    expect(got.raw).toMatch(/\[Test\] Garage test Alex Morgan/);
  });

  it('edits it whole (a language left out is no longer written), deletes it, and the audit log keeps each step', async () => {
    const res = await call('PUT', `/email-templates/custom/${id}`, {
      name: 'Garage closed',
      description: null,
      texts: { en: garage.texts.en },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CustomTemplate>()).toMatchObject({
      name: 'Garage closed',
      description: null,
      languages: ['en'],
    });
    expect(res.json<CustomTemplate>().texts.es).toBeUndefined();
    const bad = await call('PUT', `/email-templates/custom/${id}`, {
      ...garage,
      texts: { en: { subject: 'a', body: '{{link}}' } },
    });
    expect(bad.statusCode).toBe(422);
    expect((await call('GET', `/email-templates/custom/${id}`)).json<CustomTemplate>().name).toBe(
      'Garage closed',
    );

    const gone = await call('DELETE', `/email-templates/custom/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json<{ message: string }>().message).toContain('Garage closed');
    expect((await call('GET', `/email-templates/custom/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/email-templates/custom/${id}`)).statusCode).toBe(404);
    const entries = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(binnacle).where(eq(binnacle.entity, 'custom_email_templates')),
    );
    expect(entries.filter((e) => e.entityId === String(id)).map((e) => e.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
    expect(entries.filter((e) => e.action === 'test-email' && e.propertyId === property.id)).toHaveLength(1);
  });

  it(`keeps at most ${CUSTOM_TEMPLATES_MAX} per property`, async () => {
    const full = await createProperty(ctx.database, { languages: ['en'] as never });
    const token = await login(ctx, await createTenantUser(ctx.database, full.id, 'manager'), full.code);
    await ctx.database.withScope({ area: 'tenant', propertyId: full.id }, (tx) =>
      tx.insert(customEmailTemplates).values(
        Array.from({ length: CUSTOM_TEMPLATES_MAX }, (_, i) => ({
          propertyId: full.id,
          name: `T${i}`,
          texts: { en: { subject: 's', body: 'b' } },
        })),
      ),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/email-templates',
      headers: headers({ tenant: full.code, token }),
      payload: { name: 'One more', texts: { en: { subject: 's', body: 'b' } } },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toContain(String(CUSTOM_TEMPLATES_MAX));
  });
});
