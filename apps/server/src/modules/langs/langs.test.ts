import { LANGUAGES } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../platform/db';
import { readTranslationFiles } from '../../platform/i18n';
import { createProperty, createTestContext, headers, type TestContext } from '../../test/harness';
import { languageCodes, translationOverrides } from './table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const get = (url: string, h: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: h });
const inCentral = <T>(fn: (tx: Tx) => Promise<T>) => ctx.database.withScope({ area: 'central' }, fn);

describe('GET /langs/codes/all', () => {
  it('lists the active codes in display order, on both areas, without signing in', async () => {
    const p = await createProperty(ctx.database);
    const c = await get('/api/central/langs/codes/all');
    expect(c.statusCode).toBe(200);
    expect(c.json()).toEqual(['en', 'es', 'zh']);
    const t = await get('/tenant/api/langs/codes/all', headers({ tenant: p.code }));
    expect(t.statusCode).toBe(200);
    expect(t.json()).toEqual(['en', 'es', 'zh']);
  });

  it('follows the language table: position, active flag, new codes', async () => {
    await inCentral(async (tx) => {
      await tx
        .insert(languageCodes)
        .values({ code: 'fr', name: 'French', nativeName: 'Français', position: 0 });
      await tx.update(languageCodes).set({ position: 9 }).where(eq(languageCodes.code, 'en'));
      await tx.update(languageCodes).set({ active: false }).where(eq(languageCodes.code, 'es'));
    });
    try {
      expect((await get('/api/central/langs/codes/all')).json()).toEqual(['fr', 'zh', 'en']);
    } finally {
      await inCentral(async (tx) => {
        await tx.delete(languageCodes).where(eq(languageCodes.code, 'fr'));
        await tx.update(languageCodes).set({ position: 1 }).where(eq(languageCodes.code, 'en'));
        await tx.update(languageCodes).set({ active: true }).where(eq(languageCodes.code, 'es'));
      });
    }
    expect((await get('/api/central/langs/codes/all')).json()).toEqual(['en', 'es', 'zh']);
  });

  it("on a property, offers only the property's languages, in display order", async () => {
    const p = await createProperty(ctx.database, { languages: ['zh', 'en'] });
    const res = await get('/tenant/api/langs/codes/all', headers({ tenant: p.code }));
    expect(res.json()).toEqual(['en', 'zh']);
  });
});

describe('GET /langs/:code', () => {
  it('returns the flat key → value map of one language from the database', async () => {
    const files = readTranslationFiles();
    for (const lang of LANGUAGES) {
      const res = await get(`/api/central/langs/${lang}`);
      expect(res.statusCode).toBe(200);
      const map = res.json<Record<string, string>>();
      // Beside the texts, the language's facts (decision 0051): its direction and its name in itself.
      expect(map['$language.direction']).toBe('ltr');
      expect(map['$language.nativeName']).toBeTruthy();
      const texts = Object.keys(map).filter((k) => !k.startsWith('$language.'));
      expect(texts.sort()).toEqual([...files.keys()].sort());
      for (const [key, values] of files) expect(map[key], `${lang} ${key}`).toBe(values[lang]);
    }
    const es = (await get('/api/central/langs/es')).json<Record<string, string>>();
    expect(es['upload.required']).toBe('El archivo es requerido');
  });

  it('serves the overrides stored by the translations upload, on the tenant area too', async () => {
    const p = await createProperty(ctx.database);
    await inCentral((tx) =>
      tx
        .insert(translationOverrides)
        .values({ key: 'upload.required', languageCode: 'en', value: 'Fichier requis' }),
    );
    try {
      const res = await get('/tenant/api/langs/en', headers({ tenant: p.code }));
      expect(res.json<Record<string, string>>()['upload.required']).toBe('Fichier requis');
      const es = await get('/tenant/api/langs/es', headers({ tenant: p.code }));
      expect(es.json<Record<string, string>>()['upload.required']).toBe('El archivo es requerido');
    } finally {
      await inCentral((tx) =>
        tx.delete(translationOverrides).where(eq(translationOverrides.key, 'upload.required')),
      );
    }
  });

  it('answers 404 errors.languageUnknown for a code that is unknown or inactive, in the request language', async () => {
    const unknown = await get('/api/central/langs/xx', headers({ lang: 'es' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'Código de idioma desconocido: xx',
      errors: {},
      statusCode: 404,
    });
    expect(
      (await get('/api/central/langs/xx', headers({ lang: 'zh' }))).json<{ message: string }>().message,
    ).toBe('未知的语言代码：xx');
    await inCentral((tx) =>
      tx.update(languageCodes).set({ active: false }).where(eq(languageCodes.code, 'zh')),
    );
    try {
      expect((await get('/api/central/langs/zh')).statusCode).toBe(404);
    } finally {
      await inCentral((tx) =>
        tx.update(languageCodes).set({ active: true }).where(eq(languageCodes.code, 'zh')),
      );
    }
    expect((await get(`/api/central/langs/${'x'.repeat(40)}`)).statusCode).toBe(422);
  });
});

describe('translation files', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

  it('give every key a non-empty en, es and zh with the same {{placeholders}}', () => {
    const all = readTranslationFiles();
    expect(all.size).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const [key, values] of all) {
      for (const lang of LANGUAGES) {
        const v = values[lang];
        if (typeof v !== 'string' || v.trim() === '') problems.push(`${key}: ${lang} is missing or empty`);
      }
      const expected = placeholders(values.en ?? '');
      for (const lang of LANGUAGES) {
        const got = placeholders(values[lang] ?? '');
        if (JSON.stringify(got) !== JSON.stringify(expected))
          problems.push(`${key}: ${lang} has {{${got.join(', ')}}}, en has {{${expected.join(', ')}}}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
