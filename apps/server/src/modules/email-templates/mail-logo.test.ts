import type { EmailSend, Property, RenderedMail } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../platform/html';
import { inScope } from '../../platform/scope';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import {
  eventually,
  mailHtml,
  mailParts,
  startMailPeer,
  TEST_CA,
  type ReceivedMail,
} from '../../test/mail-peer';
import { buildings } from '../buildings/table';
import { files } from '../files/table';
import { deliverMail } from '../outbox/mail';
import { mailOutbox } from '../outbox/table';
import { properties } from '../properties/table';
import { units } from '../units/table';
import { LOGO_SLOT, MAIL_LOGO_CID } from './logo';
import { queueTemplateMail } from './render';

/**
 * The property's logo in its mail (issue 37 §2, decision 0040 "The logo"): a PNG or JPEG logo travels as an inline
 * part of every HTML mail the property sends — the outbox's and the bulk sender's —, made at most 96 px high; the
 * previews show it as a data: image; a property without a logo, with a WebP one, or whose logo went before delivery
 * gets its name alone and no broken image.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startMailPeer>> | undefined;
const inbox: ReceivedMail[] = [];
let central: string;

interface Place {
  id: number;
  code: string;
  name: string;
  manager: string;
  managerEmail: string;
}

async function place(name?: string): Promise<Place> {
  const p = await createProperty(ctx.database, {
    languages: ['en', 'es'] as never,
    ...(name ? { name } : {}),
  });
  const user = await createTenantUser(ctx.database, p.id, 'manager');
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    manager: await login(ctx, user, p.code),
    managerEmail: user.email,
  };
}

const png = (width: number, height: number) => {
  const image = new PNG({ width, height });
  // Dark letters on transparency: a dark band across the middle.
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      image.data.set([20, 30, 60, y > height / 4 && y < (3 * height) / 4 ? 255 : 0], (y * width + x) * 4);
  return PNG.sync.write(image);
};
const jpg = (width: number, height: number) =>
  jpeg.encode({ width, height, data: Buffer.alloc(width * height * 4, 90) }, 85).data;
/** A 1×1 WebP: a logo the mail leaves out. */
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

async function setLogo(p: Place, name: string, bytes: Buffer): Promise<Property> {
  const fd = new FormData();
  fd.append('logo', new Blob([new Uint8Array(bytes)]), name);
  const { payload, contentType } = await formPayload(fd);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/central/properties/${p.id}/logo`,
    headers: { ...headers({ token: central }), 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Property>();
}

async function removeLogo(p: Place) {
  const res = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/central/properties/${p.id}/logo`,
    headers: headers({ token: central }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const call = (p: Place, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: p.code, token: p.manager }),
    ...(payload ? { payload } : {}),
  });

/** The editor's "send me a test": a mail of the property through the outbox, to its manager. */
async function testMail(p: Place, subject: string): Promise<ReceivedMail> {
  const res = await call(p, 'POST', '/email-templates/password-reset/test', {
    language: 'en',
    subject,
    body: 'Hello {{name}}, reset here: {{link}}',
  });
  expect(res.statusCode, res.body).toBe(200);
  return eventually(`the test mail "${subject}"`, () =>
    inbox.find((m) => m.to.includes(p.managerEmail) && m.raw.includes(subject)),
  );
}

/** The inline image parts of a message. */
const images = (mail: ReceivedMail) =>
  mailParts(mail.raw).filter((part) => /^content-type:\s*image\//im.test(part.head));

/** The message carries the logo inline, referenced by its HTML part: returns the image, decoded. */
function expectLogo(mail: ReceivedMail, name: string) {
  const html = mailHtml(mail.raw)!;
  const [image, ...more] = images(mail);
  expect(more).toEqual([]);
  expect(image!.head).toMatch(/^content-type:\s*image\/png/im);
  expect(image!.head).toMatch(new RegExp(`^content-id:\\s*<${MAIL_LOGO_CID}>`, 'im'));
  expect(image!.head).toMatch(/^content-disposition:\s*inline/im);
  expect(html).toContain(`<img src="cid:${MAIL_LOGO_CID}"`);
  // A faker name may hold an apostrophe (O'Keefe Street): written escaped.
  expect(html).toContain(`alt="${escapeHtml(name)}"`);
  const decoded = PNG.sync.read(image!.bytes);
  expect(decoded.height).toBeLessThanOrEqual(96);
  return decoded;
}

/** The message has the property's name and no image at all. */
function expectNameOnly(mail: ReceivedMail, name: string) {
  const html = mailHtml(mail.raw)!;
  expect(html).toContain(escapeHtml(name));
  expect(html).not.toContain('<img');
  expect(html).not.toContain('pk-logo-->');
  expect(images(mail)).toEqual([]);
}

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
  central = await login(ctx, await createCentralUser(ctx.database, 'admin'));
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('an outbox mail', () => {
  it('carries a PNG logo inline, 96 px high at most, laid on white', async () => {
    // Its name, the image's alt, escaped as written (a `$&` stays as typed).
    const p = await place(`O'Hara & Sons $& Lofts`);
    await setLogo(p, 'logo.png', png(1200, 300));
    const mail = await testMail(p, 'Logo PNG');
    const logo = expectLogo(mail, p.name);
    expect([logo.width, logo.height]).toEqual([384, 96]);
    // Transparency is white now, the letters as they were.
    expect([...logo.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const middle = (48 * 384 + 100) * 4;
    expect([...logo.data.subarray(middle, middle + 4)]).toEqual([20, 30, 60, 255]);
  });

  it('carries a JPEG logo inline, as a PNG', async () => {
    const p = await place();
    await setLogo(p, 'logo.jpg', jpg(640, 480));
    const logo = expectLogo(await testMail(p, 'Logo JPEG'), p.name);
    expect([logo.width, logo.height]).toEqual([128, 96]);
  });

  it('without a logo, or with a WebP one, has the name alone and no image', async () => {
    const none = await place();
    expectNameOnly(await testMail(none, 'No logo'), none.name);
    const webp = await place();
    await setLogo(webp, 'logo.webp', WEBP);
    expectNameOnly(await testMail(webp, 'WebP logo'), webp.name);
  });

  it('a logo that cannot be read is left out, and the mail still goes', async () => {
    const broken = await place();
    // A PNG whose data is cut short: it passes the upload (its first bytes are a PNG's) but does not decode.
    await setLogo(broken, 'logo.png', png(300, 100).subarray(0, 80));
    expectNameOnly(await testMail(broken, 'Broken logo'), broken.name);
    // A logo whose file is gone from the store.
    const lost = await place();
    const { logoFileId } = await setLogo(lost, 'logo.png', png(300, 100));
    const [file] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(files).where(eq(files.id, logoFileId!)),
    );
    await ctx.services.storage.remove(file!.storageKey);
    expectNameOnly(await testMail(lost, 'Lost logo'), lost.name);
  });

  it('written with a logo that is removed before delivery: the name alone, no broken image', async () => {
    const p = await place();
    await setLogo(p, 'logo.png', png(400, 100));
    // The logo is made (and kept) by a first mail.
    expectLogo(await testMail(p, 'Before removal'), p.name);
    const to = `late.${p.code}@example.test`;
    await inScope(ctx.services, { area: 'tenant', propertyId: p.id }, (c) =>
      // Written, its delivery not woken yet.
      queueTemplateMail(c.tx, c.services.jobs, {
        template: 'password-reset',
        to,
        language: 'en',
        propertyId: p.id,
        place: p.name,
        values: { name: 'Late Reader', place: p.name, link: 'https://example.test/reset' },
      }),
    );
    const [row] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.propertyId, p.id), eq(mailOutbox.to, to))),
    );
    // The outbox keeps the logo's place, not the logo: it is put in at delivery.
    expect(row!.html).toContain(LOGO_SLOT);
    expect(row!.html).not.toContain('<img');
    await removeLogo(p);
    await deliverMail(ctx.services, row!.id);
    expectNameOnly(await eventually('the late mail', () => inbox.find((m) => m.to.includes(to))), p.name);
  });
});

describe('the previews', () => {
  it("show the logo as a data: image in the template editor's and the sender's preview", async () => {
    const p = await place();
    await setLogo(p, 'logo.png', png(960, 480));
    const template = await call(p, 'POST', '/email-templates/password-reset/preview', {
      language: 'en',
      subject: 'Reset',
      body: 'Hello {{name}}: {{link}}',
    });
    expect(template.statusCode, template.body).toBe(200);
    const sender = await call(p, 'POST', '/emails-sender/preview', {
      texts: { en: { subject: 'Garage', body: 'Dear {{name}}, the garage closes.' } },
      language: 'en',
    });
    expect(sender.statusCode, sender.body).toBe(200);
    for (const res of [template, sender]) {
      const { html } = res.json<RenderedMail>();
      expect(html).not.toContain('cid:');
      expect(html).toContain(`alt="${escapeHtml(p.name)}"`);
      const data = /<img src="data:image\/png;base64,([A-Za-z0-9+/=]+)"/.exec(html!)?.[1];
      const logo = PNG.sync.read(Buffer.from(data!, 'base64'));
      expect([logo.width, logo.height]).toEqual([192, 96]);
    }
  });

  it('show the name alone for a property without a logo', async () => {
    const p = await place();
    const res = await call(p, 'POST', '/email-templates/password-reset/preview', {
      language: 'en',
      subject: 'Reset',
      body: 'Hello {{name}}: {{link}}',
    });
    const { html } = res.json<RenderedMail>();
    expect(html).toContain(escapeHtml(p.name));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('pk-logo-->');
  });
});

describe('a bulk mail', () => {
  it("carries the property's logo inline to every recipient, the same image in each", async () => {
    const p = await place();
    await setLogo(p, 'logo.png', png(500, 250));
    await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(properties)
        .set({ settings: { other: { bulkMailPerMinute: 12_000 } } })
        .where(eq(properties.id, p.id)),
    );
    const unitId = await ctx.database.withScope({ area: 'tenant', propertyId: p.id }, async (tx) => {
      const [b] = await tx.insert(buildings).values({ propertyId: p.id, name: 'Tower' }).returning();
      const [u] = await tx
        .insert(units)
        .values({ propertyId: p.id, buildingId: b!.id, name: '1' })
        .returning();
      return u!.id;
    });
    const emails: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `bulk${i}.${p.code}@residents.test`;
      const res = await call(p, 'POST', '/residents', {
        fullName: `Resident ${i}`,
        email,
        language: 'en',
        unitIds: [unitId],
      });
      expect(res.statusCode, res.body).toBe(200);
      emails.push(email);
    }
    const created = await call(p, 'POST', '/emails-sender', {
      texts: { en: { subject: 'Garage closed', body: 'Dear {{name}},\n\nthe garage closes on Monday.' } },
      filters: {},
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<EmailSend>().id;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const send = (await call(p, 'GET', `/emails-sender/${id}`)).json<EmailSend>();
      if (send.state === 'done') break;
      if (Date.now() > deadline) throw new Error(`send ${id} did not end: ${JSON.stringify(send.counts)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const logos = emails.map((email) => {
      const mail = inbox.find((m) => m.to.includes(email) && m.raw.includes('Garage closed'));
      expect(mail, email).toBeDefined();
      const logo = expectLogo(mail!, p.name);
      expect([logo.width, logo.height]).toEqual([192, 96]);
      return images(mail!)[0]!.bytes;
    });
    expect(logos[1]!.equals(logos[0]!)).toBe(true);
    expect(logos[2]!.equals(logos[0]!)).toBe(true);
  });
});
