import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { headers } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { tenantSuite } from '../../test/suite';
import { properties } from '../properties/table';

/**
 * The registration poster speaks every language the property offers, on one page, whoever prints it and in
 * whatever language (decision 0039 §15).
 */
const s = tenantSuite({ role: 'manager' });

const TITLES = {
  en: 'Register your car',
  es: 'Registre su vehículo',
  zh: '请登记您的车辆',
};

async function offer(languages: string[], contactPhone: string | null = null) {
  await s.ctx.database.withScope({ area: 'central' }, (tx) =>
    tx.update(properties).set({ languages }).where(eq(properties.id, s.propertyId)),
  );
  const res = await s.call('PUT', '/settings', { other: { contactPhone } });
  expect(res.statusCode, res.body).toBe(200);
}

async function poster(lang = 'en') {
  const res = await s.ctx.app.inject({
    method: 'GET',
    url: '/tenant/api/visitor-poster/poster.pdf',
    headers: headers({ tenant: s.code, token: s.token, lang }),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
  const pages = (await parser.getInfo()).total;
  await parser.destroy();
  return { pages, text: (await pdfText(res.rawPayload)).replace(/\s+/g, ' ') };
}

describe('the poster', () => {
  it('is one page in each language the property offers, the phone line too', async () => {
    await offer(['en', 'es', 'zh'], '+1 555 0100');
    const { pages, text } = await poster();
    expect(pages).toBe(1);
    for (const title of Object.values(TITLES))
      expect(text.replace(/ /g, '')).toContain(title.replace(/ /g, ''));
    expect(text).toContain('Call the office at +1 555 0100');
    expect(text).toContain('Llame a la oficina al +1 555 0100');
    expect(text).toContain('/register/visitors/');
  });

  it("speaks the property's languages, not the language of whoever prints it", async () => {
    await offer(['es']);
    const { pages, text } = await poster('en');
    expect(pages).toBe(1);
    expect(text).toContain(TITLES.es);
    expect(text).not.toContain(TITLES.en);
    await offer(['en', 'es']);
    const both = await poster('zh');
    expect(both.text).toContain(TITLES.en);
    expect(both.text).toContain(TITLES.es);
    expect(both.text.replace(/ /g, '')).not.toContain(TITLES.zh);
  });
});
