import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dictionaryPreload, inlineStylesheets, spaPreloads } from './spa-preload';

/** Decision 0017: a sign-in page announces its route's files so the browser fetches them beside the entry. */
describe('the sign-in pages announce their code', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-spa-'));
  fs.mkdirSync(path.join(dist, '.vite'));
  // The shape of Vite's build manifest: each chunk's file and the chunks it imports.
  const manifest = {
    'index.html': { file: 'assets/index-BVhMo59s.js', isEntry: true },
    '_sign-in-BnvCgXa2.js': { file: 'assets/sign-in-BnvCgXa2.js', imports: ['index.html'] },
    'src/routes/auth/login.tsx?tsr-split=component': {
      file: 'assets/login-q2bkMzpO.js',
      isDynamicEntry: true,
      imports: ['_sign-in-BnvCgXa2.js', 'index.html'],
    },
    'src/routes/auth/forgot-password.tsx?tsr-split=component': {
      file: 'assets/forgot-password-cH0aoB_V.js',
      imports: ['_sign-in-BnvCgXa2.js', 'index.html'],
    },
    'src/routes/auth/invitation/$token.tsx?tsr-split=component': {
      file: 'assets/_token-Dh0MrM66.js',
      imports: ['index.html', '_sign-in-BnvCgXa2.js'],
    },
    'src/routes/parking-map.tsx?tsr-split=component': { file: 'assets/parking-map-BILlORuj.js' },
    'src/platform/take-over.tsx': { file: 'assets/take-over-B_DbkSDe.js', imports: ['index.html'] },
    '_route-access-B-jq8ktc.js': {
      file: 'assets/route-access-B-jq8ktc.js',
      name: 'route-access',
      imports: ['index.html', '_registry-B0m3VFD-.js'],
    },
    '_registry-B0m3VFD-.js': { file: 'assets/registry-B0m3VFD-.js', name: 'registry' },
  };
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  const preloads = spaPreloads(dist);

  it('the sign-in page: its route file and what it imports, once each, not the entry', () => {
    const links = preloads('/auth/login');
    expect(links.match(/<link[^>]+>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/login-q2bkMzpO.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/sign-in-BnvCgXa2.js" />',
    ]);
    expect(preloads('/auth/login/')).toBe(links);
  });

  it('a page the server drew also announces the chunk that takes it over (decision 0050)', () => {
    const links = preloads('/auth/login', true);
    expect(links).toContain('/assets/login-q2bkMzpO.js');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/take-over-B_DbkSDe.js" />');
    expect(preloads('/auth/login')).not.toContain('take-over');
  });

  it('the forgot-password page and an invitation link their own route files', () => {
    expect(preloads('/auth/forgot-password')).toContain('/assets/forgot-password-cH0aoB_V.js');
    expect(preloads('/auth/invitation/3f9a0c')).toContain('/assets/_token-Dh0MrM66.js');
  });

  it("a signed-in page announces the route tables the layout's guard reads, and what they import", () => {
    const links = preloads('/dashboard');
    expect(links.match(/<link[^>]+>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/route-access-B-jq8ktc.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/registry-B0m3VFD-.js" />',
    ]);
    expect(preloads('/my/permits')).toBe(links);
    expect(preloads('/')).toBe(links);
    expect(preloads('/auth/login')).not.toContain('route-access');
    expect(preloads('/register/visitors/3f9a0c')).not.toContain('route-access');
  });

  it('nothing on the other sign-in and public pages, and nothing missing from the build is announced', () => {
    expect(preloads('/auth/login-x')).toBe('');
    expect(preloads('/register/residents/3f9a0c')).toBe('');
    expect(preloads('/auth/invitation/')).toBe('');
    expect(preloads('/auth/reset-password')).toBe('');
    expect(spaPreloads(path.join(dist, 'nowhere'))('/auth/login')).toBe('');
  });
});

describe('the first paint waits for nothing it could have had sooner', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-spa-css-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-B49MYy4j.css'), 'body{margin:0}');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('the build stylesheet is written into the page; a missing one keeps its link', () => {
    const html =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-B49MYy4j.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/gone-AAAAAAAA.css"></head>';
    expect(inlineStylesheets(html, dist)).toBe(
      '<head><style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/gone-AAAAAAAA.css"></head>',
    );
  });

  it("the dictionary announced is the browser's first language Parkade speaks, else English", () => {
    const langs = ['en', 'es', 'zh'];
    expect(dictionaryPreload('es-ES,es;q=0.9,en;q=0.8', langs, 'abc-3')).toBe(
      '<link rel="preload" href="/api/central/langs/es?v=abc-3" as="fetch" crossorigin="use-credentials" />',
    );
    expect(dictionaryPreload('de-DE,zh-CN;q=0.8', langs, 'abc-3')).toContain('/langs/zh?v=abc-3"');
    expect(dictionaryPreload('fr', langs, 'abc-3')).toContain('/langs/en?v=abc-3"');
    expect(dictionaryPreload(undefined, langs, 'a b&')).toContain('/langs/en?v=a%20b%26"');
  });
});
