import { createHash } from 'node:crypto';
import {
  DOCUMENT_KIND_KEYS,
  DOCUMENT_KINDS,
  docTexts,
  LANGUAGES,
  templateVariables,
  type DocContent,
  type DocumentItem,
  type DocumentSummary,
  type DocumentText,
  type PublicResident,
  type ResidentItem,
} from '@parkade/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNATURE_PNG } from '../../test/factories';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { pdfPages, pdfText } from '../../test/pdf-text';
import { binnacle } from '../binnacle/table';
import { buildings } from '../buildings/table';
import { mailOutbox } from '../outbox/table';
import { residents } from '../residents/table';
import { units } from '../units/table';
import { defaultText } from './defaults';
import { residentDocumentBytes, verifySignedAgreement } from './output';
import { documentVersions } from './table';
import { inScope } from '../../platform/scope';

/**
 * Documents (issue 37 §1, decision 0042): a property writes its parking policies and permit agreement per language,
 * every save is a version that never changes, the preview is the download, and a resident's signature points at the
 * version they read with the SHA-256 of the PDF they signed — which draws again, identical, years later.
 */
let ctx: TestContext;
let property: { id: number; code: string; name: string };
let manager: string;
let unitId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  property = await createProperty(ctx.database, {
    languages: ['en', 'es', 'zh'] as never,
    address: '12 Elm St',
  });
  manager = await login(ctx, await createTenantUser(ctx.database, property.id, 'manager'), property.code);
  unitId = await ctx.database.withScope({ area: 'tenant', propertyId: property.id }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: property.id, name: 'Tower B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: property.id, buildingId: b!.id, name: '12' })
      .returning();
    return u!.id;
  });
});
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  token: string | undefined = manager,
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: property.code, token }),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const para = (text: string): DocContent => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

let n = 0;
/** A resident with a link (the agreement mail's token), in a language. */
async function invited(language: string, fullName = `Resident ${++n}`) {
  const email = `doc${++n}.${Math.random().toString(36).slice(2, 8)}@example.test`;
  const r = await call('POST', '/residents', { fullName, email, language, unitIds: [unitId] });
  expect(r.statusCode, r.body).toBe(200);
  const resident = r.json<ResidentItem>();
  const [mail] = await ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'resident-agreement')))
      .orderBy(desc(mailOutbox.id)),
  );
  const token = /\/register\/residents\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  return { resident, token };
}

describe('the shipped documents', () => {
  it('every kind has a default in every language, using only the variables it offers', () => {
    for (const kind of DOCUMENT_KIND_KEYS)
      for (const language of LANGUAGES) {
        const text = defaultText(kind, language);
        const used = (['header', 'body', 'footer'] as const).flatMap((p) =>
          docTexts(text[p]).flatMap((s) => templateVariables(s)),
        );
        expect(used.length, `${kind} ${language}`).toBeGreaterThan(0);
        expect(
          used.filter((v) => !(DOCUMENT_KINDS[kind].variables as readonly string[]).includes(v)),
          `${kind} ${language}`,
        ).toEqual([]);
        // Translated: no key is shown as text.
        expect(docTexts(text.body).join(' '), `${kind} ${language}`).not.toMatch(/residents\.\w+\.\w+/);
      }
  });

  it('a new property lists both documents as the shipped default, in each of its languages', async () => {
    const list = await call('GET', '/documents');
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json<{ data: DocumentSummary[] }>().data;
    expect(data.map((d) => d.kind)).toEqual(['parking-policies', 'permit-agreement']);
    expect(data.every((d) => d.version === 0 && !d.custom)).toBe(true);
    const shown = (await call('GET', '/documents/permit-agreement')).json<DocumentItem>();
    expect(Object.keys(shown.texts).sort()).toEqual(['en', 'es', 'zh']);
    expect(docTexts(shown.texts.es!.body).join(' ')).toContain('{{residentName}}');
    expect(shown.variables).toContain('signature');
    expect(shown.sample.propertyName).toBe(property.name);
    expect((await call('GET', '/documents/lease')).statusCode).toBe(404);
  });
});

describe('editing', () => {
  it('refuses an unknown variable, naming it and where it is, and writes nothing', async () => {
    const shown = (await call('GET', '/documents/permit-agreement')).json<DocumentItem>();
    const res = await call('PUT', '/documents/permit-agreement', {
      layout: shown.layout,
      texts: { es: { ...shown.texts.es!, body: para('Yo, {{nmae}}, acepto.') } },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual(['texts.es.body']);
    expect(errors['texts.es.body']![0]).toContain('{{nmae}}');
    expect((await call('GET', '/documents/permit-agreement')).json<DocumentItem>().version).toBe(0);
  });

  it('refuses anything outside the safe subset (raw HTML, images, links), and keeps typed markup as text', async () => {
    const shown = (await call('GET', '/documents/parking-policies')).json<DocumentItem>();
    for (const bad of [
      { type: 'doc', content: [{ type: 'html', text: '<script>alert(1)</script>' }] },
      { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://evil.test/x.png' } }] },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link' }] }] }],
      },
    ]) {
      const res = await call('PUT', '/documents/parking-policies', {
        layout: shown.layout,
        texts: { en: { ...shown.texts.en!, body: bad } },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await call('GET', '/documents/parking-policies')).json<DocumentItem>().version).toBe(0);
  });

  it('each save is a version with who and when; an unchanged save writes none', async () => {
    const shown = (await call('GET', '/documents/parking-policies')).json<DocumentItem>();
    const body = {
      layout: { ...shown.layout, paper: 'a4' },
      texts: { en: { ...shown.texts.en!, footer: para('Office: {{propertyAddress}}') } },
    };
    const first = await call('PUT', '/documents/parking-policies', body);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json<DocumentItem>();
    expect(saved).toMatchObject({ version: 1, custom: true, layout: { paper: 'a4' } });
    expect(saved.versions[0]!.version).toBe(1);
    expect(saved.versions[0]!.createdBy).toBeTruthy();
    const againRes = await call('PUT', '/documents/parking-policies', body);
    const again = againRes.json<DocumentItem>();
    expect(again.version).toBe(1);
    const [entry] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(binnacle).where(eq(binnacle.entity, 'document_versions')).orderBy(desc(binnacle.id)),
    );
    expect(entry).toMatchObject({ entityId: 'parking-policies', action: 'update' });

    // A version cannot be rewritten, not even by the application's own database role.
    await inScope(ctx.services, { area: 'tenant', propertyId: property.id }, async (scope) => {
      await scope.tx
        .update(documentVersions)
        .set({ texts: {} })
        .where(eq(documentVersions.propertyId, property.id));
      await scope.tx.delete(documentVersions).where(eq(documentVersions.propertyId, property.id));
    });
    const after = (await call('GET', '/documents/parking-policies')).json<DocumentItem>();
    expect(docTexts(after.texts.en!.footer)).toEqual(['Office: {{propertyAddress}}']);
  });
});

describe('the preview is the document', () => {
  it('a sample preview is a PDF in the chosen language with the draft text', async () => {
    const shown = (await call('GET', '/documents/permit-agreement')).json<DocumentItem>();
    const res = await call('POST', '/documents/permit-agreement/preview', {
      language: 'zh',
      draft: {
        layout: shown.layout,
        texts: { zh: { ...shown.texts.zh!, body: para('本人 {{residentName}} 同意。') } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Alex Morgan');
    expect(text).toContain('同意');
    expect(text).toContain('第 1 页，共 1 页');
  });

  it("a resident's preview without a draft is byte for byte their download", async () => {
    const { resident } = await invited('en');
    const preview = await call('POST', '/documents/permit-agreement/preview', {
      language: 'en',
      residentId: resident.id,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const download = await call('GET', `/residents/${resident.id}/download/agreement`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(preview.rawPayload, download.rawPayload)).toBe(0);
    expect(await pdfText(download.rawPayload)).toContain(resident.fullName);
  });

  it('a three-page document draws every page with its footer and number', async () => {
    const shown = (await call('GET', '/documents/parking-policies')).json<DocumentItem>();
    const long: DocContent = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Rules' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'First page' }] },
        { type: 'pageBreak' },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: ['Zone', 'Hours'].map((x) => ({
                type: 'tableHeader' as const,
                content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: x }] }],
              })),
            },
            {
              type: 'tableRow',
              content: ['Garage', '24/7'].map((x) => ({
                type: 'tableCell' as const,
                content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: x }] }],
              })),
            },
          ],
        },
        { type: 'pageBreak' },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [{ type: 'text', text: 'Third page', marks: [{ type: 'bold' }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    const res = await call('POST', '/documents/parking-policies/preview', {
      language: 'en',
      draft: { layout: shown.layout, texts: { en: { ...shown.texts.en!, body: long } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    for (const s of [
      'First page',
      'Garage',
      '24/7',
      'Third page',
      'Page 1 of 3',
      'Page 3 of 3',
      'Office: 12 Elm St',
    ])
      expect(text).toContain(s);
  });

  it('a list crossing pages keeps each marker with its item: no page holds a marker alone', async () => {
    const shown = (await call('GET', '/documents/parking-policies')).json<DocumentItem>();
    const para = (text: string) => ({
      type: 'paragraph' as const,
      content: [{ type: 'text' as const, text }],
    });
    // Whatever height the list starts at, one of its items meets a page's bottom edge.
    for (let lead = 0; lead < 4; lead++) {
      const body: DocContent = {
        type: 'doc',
        content: [
          ...Array.from({ length: lead }, (_, i) => para(`Lead ${i}`)),
          {
            type: 'bulletList',
            content: Array.from({ length: 70 }, (_, i) => ({
              type: 'listItem',
              content: [para(`Rule ${i}`)],
            })),
          },
        ],
      };
      const res = await call('POST', '/documents/parking-policies/preview', {
        language: 'en',
        draft: { layout: shown.layout, texts: { en: { ...shown.texts.en!, body } } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const pages = await pdfPages(res.rawPayload);
      pages.forEach((page, i) => expect(page, `lead ${lead}, page ${i + 1}`).toMatch(/Rule \d+/));
      const text = pages.join('\n(page)\n');
      for (let i = 0; i < 70; i++) expect(text).toMatch(new RegExp(`•\\s*Rule ${i}\\b`));
    }
  });
});

describe('signing', () => {
  it('a resident signs the edited Spanish agreement; the signature points at that version and its hash matches years later', async () => {
    const shown = (await call('GET', '/documents/permit-agreement')).json<DocumentItem>();
    const es: DocumentText = {
      ...shown.texts.es!,
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'Yo, {{residentName}}, de la unidad {{unit}}, acepto las normas de la casa.',
              },
            ],
          },
          { type: 'paragraph', content: [{ type: 'text', text: '{{signature}}' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'Gracias.' }] },
        ],
      },
    };
    const saved = await call('PUT', '/documents/permit-agreement', { layout: shown.layout, texts: { es } });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = saved.json<DocumentItem>().version;

    const { resident, token } = await invited('es', 'Lucía <script>alert(1)</script> {{x}}');
    const page = (
      await call('GET', `/public/residents/token/${token}`, undefined, undefined)
    ).json<PublicResident>();
    expect(page.agreement.document.version).toBe(version);
    expect(docTexts(page.agreement.document.body).join(' ')).toContain(
      'Yo, Lucía <script>alert(1)</script> {{x}}, de la unidad Tower B 12, acepto',
    );
    // The resident chooses a password through their link (they sign in later for their own copy).
    const registered = await call(
      'POST',
      '/public/residents',
      {
        token,
        fullName: resident.fullName,
        language: 'es',
        password: 'a-long-password',
        passwordConfirmation: 'a-long-password',
      },
      undefined,
    );
    expect(registered.statusCode, registered.body).toBe(200);
    const signed = await call(
      'PUT',
      `/public/residents/agreement/signature/${resident.id}?token=${token}`,
      { signature: SIGNATURE_PNG, agree: true },
      undefined,
    );
    expect(signed.statusCode, signed.body).toBe(200);

    const [row] = await ctx.database.withScope({ area: 'tenant', propertyId: property.id }, (tx) =>
      tx
        .select()
        .from(residents)
        .where(and(eq(residents.propertyId, property.id), eq(residents.id, resident.id))),
    );
    expect(row!.agreementVersion).toBe(version);
    const download = await call('GET', `/residents/${resident.id}/download/agreement`);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(row!.agreementSha256);
    // The resident's own copy, from their profile, is the same PDF.
    const own = await login(
      ctx,
      { email: resident.email!, password: 'a-long-password' } as never,
      property.code,
    );
    const mine = await call('GET', '/my/documents/permit-agreement', undefined, own);
    expect(mine.statusCode).toBe(200);
    expect(Buffer.compare(mine.rawPayload, download.rawPayload)).toBe(0);
    expect(
      (await call('GET', '/my/documents/parking-policies', undefined, own)).headers['content-type'],
    ).toBe('application/pdf');
    const text = await pdfText(download.rawPayload);
    expect(text).toContain('Lucía <script>alert(1)</script> {{x}}');
    expect(text).toContain('acepto las normas de la casa');
    expect(text).toMatch(/Firmado el/);

    // The manager rewrites the agreement and renames the resident: what they signed does not move.
    await call('PUT', '/documents/permit-agreement', {
      layout: { ...shown.layout, paper: 'legal' },
      texts: { es: { ...es, body: para('Otro texto, {{residentName}}.') } },
    });
    await call('PUT', `/residents/${resident.id}`, {
      fullName: 'Lucía Renamed',
      email: resident.email,
      language: 'es',
      unitIds: [unitId],
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 5 * 365 * 86_400_000));
    try {
      // Drawn again (the session would have ended by then: straight from the service).
      const later = await inScope(ctx.services, { area: 'tenant', propertyId: property.id }, (scope) =>
        residentDocumentBytes(scope, 'permit-agreement', resident.id),
      );
      expect(Buffer.compare(later, download.rawPayload)).toBe(0);
      expect(
        await inScope(ctx.services, { area: 'tenant', propertyId: property.id }, (scope) =>
          verifySignedAgreement(scope, resident.id),
        ),
      ).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signing the shipped default writes it as version 1 first, so the signature points at a row', async () => {
    const other = await createProperty(ctx.database);
    const staff = await login(ctx, await createTenantUser(ctx.database, other.id, 'manager'), other.code);
    const otherUnit = await ctx.database.withScope({ area: 'tenant', propertyId: other.id }, async (tx) => {
      const [b] = await tx.insert(buildings).values({ propertyId: other.id, name: 'North' }).returning();
      const [u] = await tx
        .insert(units)
        .values({ propertyId: other.id, buildingId: b!.id, name: '1' })
        .returning();
      return u!.id;
    });
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token?: string) =>
      ctx.app.inject({
        method,
        url: `/tenant/api${url}`,
        headers: headers({ tenant: other.code, token }),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const r = (
      await as(
        'POST',
        '/residents',
        { fullName: 'Default Signer', email: 'default.signer@example.test', unitIds: [otherUnit] },
        staff,
      )
    ).json<ResidentItem>();
    const resent = await as('PUT', `/residents/${r.id}/resendAgreement`, undefined, staff);
    expect(resent.statusCode, `${resent.body} ${JSON.stringify(r)}`).toBe(200);
    const [mail] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.to, 'default.signer@example.test'), eq(mailOutbox.kind, 'resident-agreement')),
        )
        .orderBy(desc(mailOutbox.id)),
    );
    const token = /\/register\/residents\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const signed = await as('PUT', `/public/residents/agreement/signature/${r.id}?token=${token}`, {
      signature: SIGNATURE_PNG,
      agree: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const doc = (await as('GET', '/documents/permit-agreement', undefined, staff)).json<DocumentItem>();
    expect(doc.version).toBe(1);
    expect(doc.custom).toBe(false);
    expect(doc.versions).toEqual([expect.objectContaining({ version: 1, createdBy: null, signatures: 1 })]);
  });
});
