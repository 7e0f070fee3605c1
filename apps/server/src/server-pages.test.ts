import type { PublicVisitorLink, VisitorPoster } from '@parkade/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedLanguages } from './platform/i18n';
import { drawnPage } from './server-pages';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from './test/harness';

/**
 * The public pages the server draws (decision 0050), as the server sends them: which pages, in which language, with
 * which state, and the shell for everything else or when drawing fails. The web build's drawing bundle is not built
 * for the API tests: a stand-in in its place answers what it was given, so each test reads what the server gathered
 * (the browser journeys in e2e/drawn-pages.spec.ts draw with the real one).
 */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="parkade-host" content="" />
    <title>Parkade</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const STAND_IN = `export async function draw(input) {
  if (input.url.includes('fail')) throw new Error('drawing failed');
  if (input.url.includes('elsewhere')) return null;
  const seen = { url: input.url, host: input.host, language: input.language, languages: input.languages, queries: input.queries };
  return { html: '<main data-drawn>' + JSON.stringify(seen).replace(/</g, '\\\\u003c') + '</main>', texts: { 'shell.loading': input.texts['shell.loading'] } };
}`;

let ctx: TestContext;
let code: string;
let poster: string;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-pages-'));
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.mkdirSync(path.join(dir, 'dist-ssr'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'dist-ssr', 'entry-server.mjs'), STAND_IN);
  ctx = await createTestContext({ webDist: path.join(dir, 'dist') });
  const property = await createProperty(ctx.database, { languages: ['en', 'es'] });
  code = property.code;
  const token = await login(ctx, await createTenantUser(ctx.database, property.id, 'manager'), code);
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/tenant/api/visitor-poster',
    headers: headers({ tenant: code, token }),
  });
  poster = decodeURIComponent(res.json<VisitorPoster>().url.split('/register/visitors/')[1]!);
});
afterAll(() => ctx?.close());

const page = (url: string, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: `${code}.${ctx.env.appDomain}`, ...extra } });

/** What the stand-in was given, read back from the drawn page. */
function drawn(html: string): {
  url: string;
  host: object;
  language: string;
  languages: string[];
  queries: unknown[];
} {
  const json = /<main data-drawn>(.*?)<\/main>/.exec(html)?.[1];
  expect(json, 'the page is drawn').toBeTruthy();
  return JSON.parse(json!) as ReturnType<typeof drawn>;
}

describe('the sign-in page', () => {
  it('is drawn in the browser language the property offers, its code started by boot.js on the first touch', async () => {
    const res = await page('/auth/login?redirect=%2Fpermits', {
      'accept-language': 'zh-CN,es;q=0.8,en;q=0.5',
    });
    expect(res.statusCode).toBe(200);
    const seen = drawn(res.body);
    // Chinese first, but the property offers English and Spanish only.
    expect(seen.language).toBe('es');
    expect(seen.languages).toEqual(['en', 'es']);
    expect(seen.url).toBe('/auth/login?redirect=%2Fpermits');
    expect(seen.host).toMatchObject({ area: 'tenant', tenant: code });
    expect(res.body).toContain('<html lang="es-ES">');
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc123.js" />');
    expect(res.body).toContain('<script src="/boot.js" defer data-entry="/assets/index-abc123.js"></script>');
    // The texts the screen used, not the whole dictionary.
    const state = JSON.parse(
      /<script type="application\/json" id="parkade-drawn">(.*?)<\/script>/.exec(res.body)![1]!,
    ) as {
      texts: Record<string, string>;
      language: string;
    };
    expect(state.language).toBe('es');
    expect(Object.keys(state.texts)).toEqual(['shell.loading']);
    expect(state.texts['shell.loading']).not.toBe('');
  });

  it('travels compressed as the browser accepts', async () => {
    const res = await page('/auth/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(drawn(html).language).toBe('en');
  });
});

describe("the poster's page", () => {
  it("is drawn with the poster's link as the visitor's API read answers it", async () => {
    const res = await page(`/register/visitors/${encodeURIComponent(poster)}`);
    const seen = drawn(res.body);
    const [[key, link]] = seen.queries as [[unknown[], PublicVisitorLink]];
    expect(key).toEqual(['public-visitor-link', poster]);
    const api = await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/visitors/token/${encodeURIComponent(poster)}`,
      headers: headers({ tenant: code }),
    });
    expect(link).toEqual(api.json());
    expect(link.kind).toBe('poster');
  });

  it('leaves a token it cannot vouch for to the browser: the empty shell, as every other page', async () => {
    for (const url of [`/register/visitors/${'x'.repeat(43)}`, '/dashboard', '/auth/forgot-password']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain(
        '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
      );
      expect(res.body, url).not.toContain('parkade-drawn');
    }
  });
});

it('sends the empty shell when drawing fails or the page declines (an address the router would rewrite)', async () => {
  for (const url of ['/auth/login?fail=1', '/auth/login?redirect=https%3A%2F%2Felsewhere.example']) {
    const res = await page(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).toContain('<div id="root"></div>');
    expect(res.body, url).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
    );
  }
});

describe('helpers', () => {
  it("reads Accept-Language as the browser's ordered list", () => {
    expect(acceptedLanguages('es-MX, en;q=0.5, zh;q=0.9, *;q=0.1')).toEqual(['es-MX', 'zh', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('fr;q=0, en')).toEqual(['en']);
  });

  it('never lets a text close the state script', () => {
    const html = drawnPage(
      INDEX,
      {
        html: '<p>x</p>',
        state: { language: 'en', languages: ['en'], texts: { k: '</script><b>' }, queries: [] },
      },
      '',
    );
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('\\u003c/script>\\u003cb>');
    expect(html).toContain('<div id="root"><p>x</p></div>');
  });
});
