import type { LanguageCodeItem, TranslationsPreview } from '@parkade/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTranslationFiles } from '../../platform/i18n';
import { createProperty, createTenantUser, headers, login } from '../../test/harness';
import {
  centralTranslations,
  postFile,
  readBack,
  sheet,
  type CentralTranslations,
} from '../../test/translation-files';
import { binnacle } from '../binnacle/table';
import { languageCodes, translationOverrides } from '../langs/table';

/** Languages as data (issue 38 §1, decision 0051): added by code, offered, chosen, translated, English fallback. */
let s: CentralTranslations;
beforeAll(async () => {
  s = await centralTranslations();
});
afterAll(async () => {
  await s.ctx.database.withScope({ area: 'central' }, async (tx) => {
    await tx.delete(translationOverrides).where(inArray(translationOverrides.languageCode, ['fr', 'ar']));
    await tx.delete(languageCodes).where(inArray(languageCodes.code, ['fr', 'ar']));
  });
  await s?.ctx.close();
});

const shipped = readTranslationFiles();
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang?: string) =>
  s.ctx.app.inject({
    method,
    url: `/api/central${url}`,
    headers: headers({ token: s.token, lang }),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const dictionary = async (code: string, tenant?: string) => {
  const res = await s.ctx.app.inject({
    method: 'GET',
    url: tenant ? `/tenant/api/langs/${code}` : `/api/central/langs/${code}`,
    headers: headers({ tenant }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, string>>();
};

describe('the language codes view', () => {
  it('lists the shipped languages with full coverage, refuses a code that is not ISO 639-1 or already there', async () => {
    const list = (await call('GET', '/language-codes')).json<LanguageCodeItem[]>();
    expect(list.map((l) => [l.code, l.shipped, l.coverage, l.direction])).toEqual([
      ['en', true, 100, 'ltr'],
      ['es', true, 100, 'ltr'],
      ['zh', true, 100, 'ltr'],
    ]);
    const notIso = await call(
      'POST',
      '/language-codes',
      { code: 'xx', name: 'X', nativeName: 'X', direction: 'ltr' },
      'es',
    );
    expect(notIso.statusCode).toBe(422);
    expect(notIso.json<{ errors: Record<string, string[]> }>().errors.code).toEqual([
      'No es un código de idioma ISO 639-1.',
    ]);
    const twice = await call('POST', '/language-codes', {
      code: 'ES',
      name: 'Spanish',
      nativeName: 'Español',
      direction: 'ltr',
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json<{ errors: Record<string, string[]> }>().errors.code).toEqual([
      'The language es is already in the list.',
    ]);
    const english = await call('PUT', '/language-codes/en', {
      name: 'English',
      nativeName: 'English',
      direction: 'ltr',
      active: false,
    });
    expect(english.statusCode).toBe(422);
  });

  it('adds French: offered at once, its template column, its texts uploaded, English where one is missing', async () => {
    const added = await call('POST', '/language-codes', {
      code: 'fr',
      name: 'French',
      nativeName: 'Français',
      direction: 'ltr',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<LanguageCodeItem>()).toMatchObject({
      code: 'fr',
      active: true,
      shipped: false,
      coverage: 0,
    });
    expect((await call('GET', '/langs/codes/all')).json()).toEqual(['en', 'es', 'zh', 'fr']);
    const audit = await s.ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(binnacle).where(eq(binnacle.entity, 'language_codes')),
    );
    expect(audit.some((a) => a.action === 'create' && String(a.entityId) === 'fr')).toBe(true);

    // The template has its column, empty: French has no text of its own yet.
    const template = await readBack((await call('GET', '/langs/download/template')).rawPayload);
    expect(template[0]).toEqual(['Key', 'en', 'es', 'zh', 'fr']);

    // Its dictionary is English until translated, with its direction and name.
    const before = await dictionary('fr');
    expect(before['validation.required']).toBe(shipped.get('validation.required')!.en);
    expect(before['$language.direction']).toBe('ltr');
    expect(before['$language.nativeName']).toBe('Français');

    // A French column uploads like any other.
    const file = await sheet([
      ['Key', 'fr'],
      ['validation.required', 'Ce champ est obligatoire'],
      ['shell.nav.dashboard', 'Tableau de bord'],
    ]);
    const preview = (await postFile(s, '/langs/preview/template', file, {})).json<TranslationsPreview>();
    expect(preview.errors).toEqual([]);
    expect(preview.changes.map((c) => [c.key, c.language, c.kind, c.old])).toEqual([
      ['validation.required', 'fr', 'changed', ''],
      ['shell.nav.dashboard', 'fr', 'changed', ''],
    ]);
    expect((await postFile(s, '/langs/upload/template', file, { hash: preview.hash })).statusCode).toBe(200);
    const after = await dictionary('fr');
    expect(after['validation.required']).toBe('Ce champ est obligatoire');
    expect(after['shell.nav.dashboard']).toBe('Tableau de bord');
    expect(after['shell.nav.residents']).toBe(shipped.get('shell.nav.residents')!.en);
    const fr = (await call('GET', '/language-codes'))
      .json<LanguageCodeItem[]>()
      .find((l) => l.code === 'fr')!;
    expect(fr.texts).toBe(2);
    expect(fr.coverage).toBe(Math.floor((2 / shipped.size) * 1000) / 10);

    // The server's own messages in French where translated (a refused field, for a French reader).
    const refused = await call(
      'POST',
      '/language-codes',
      { code: '', name: '', nativeName: '', direction: 'ltr' },
      'fr',
    );
    expect(refused.statusCode).toBe(422);
  });

  it('a property offers French, its staff choose it; a deactivated language is no longer offered', async () => {
    const p = await createProperty(s.ctx.database, { languages: ['en', 'es'] });
    const user = await createTenantUser(s.ctx.database, p.id, 'manager');
    const token = await login(s.ctx, user, p.code);
    const choose = (language: string) =>
      s.ctx.app.inject({
        method: 'PUT',
        url: '/tenant/api/auth/language',
        headers: headers({ token, tenant: p.code }),
        payload: { language },
      });
    expect((await choose('fr')).statusCode).toBe(422); // not the property's
    // The property's form offers French now that it is a language of the product.
    const shown = (await call('GET', `/properties/${p.id}`)).json<Record<string, unknown>>();
    const offered = await call('PUT', `/properties/${p.id}`, { ...shown, languages: ['en', 'es', 'fr'] });
    expect(offered.statusCode, offered.body).toBe(200);
    const chosen = await choose('fr');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<{ user: { language: string; languages: string[] } }>().user).toMatchObject({
      language: 'fr',
      languages: ['en', 'es', 'fr'],
    });
    expect(
      (
        await s.ctx.app.inject({
          method: 'GET',
          url: '/tenant/api/langs/codes/all',
          headers: headers({ tenant: p.code }),
        })
      ).json(),
    ).toEqual(['en', 'es', 'fr']);

    const off = await call('PUT', '/language-codes/fr', {
      name: 'French',
      nativeName: 'Français',
      direction: 'ltr',
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      (
        await s.ctx.app.inject({
          method: 'GET',
          url: '/tenant/api/langs/codes/all',
          headers: headers({ tenant: p.code }),
        })
      ).json(),
    ).toEqual(['en', 'es']);
    expect((await choose('fr')).statusCode).toBe(422);
    await call('PUT', '/language-codes/fr', {
      name: 'French',
      nativeName: 'Français',
      direction: 'ltr',
      active: true,
    });
  });

  it('Arabic is written right to left: its dictionary says so, and changing a language moves the texts version', async () => {
    const version = async () => (await call('GET', '/translations')).json<{ version: string }>().version;
    const v1 = await version();
    const added = await call('POST', '/language-codes', {
      code: 'ar',
      name: 'Arabic',
      nativeName: 'العربية',
      direction: 'rtl',
    });
    expect(added.statusCode, added.body).toBe(201);
    const v2 = await version();
    expect(v2).not.toBe(v1);
    expect((await dictionary('ar'))['$language.direction']).toBe('rtl');
    await call('PUT', '/language-codes/ar', {
      name: 'Arabic',
      nativeName: 'العربية',
      direction: 'ltr',
      active: true,
    });
    expect(await version()).not.toBe(v2);
    expect((await dictionary('ar'))['$language.direction']).toBe('ltr');
  });
});

describe('the property form offers only language codes the product has', () => {
  it('refuses a code that is not in the list', async () => {
    const ctx = s.ctx;
    const p = await createProperty(ctx.database);
    const show = await call('GET', `/properties/${p.id}`);
    expect(show.statusCode, show.body).toBe(200);
    const body = show.json<Record<string, unknown>>();
    const res = await call('PUT', `/properties/${p.id}`, { ...body, languages: ['en', 'de'] });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, unknown> }>().errors.languages).toBeDefined();
  });
});
