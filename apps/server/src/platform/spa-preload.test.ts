import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dictionaryPreload, inlineStylesheets, spaPreloads } from './spa-preload';

/** Decision 0017: a sign-in page announces its route's files so the browser fetches them beside the entry. */
describe('the sign-in pages announce their code', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-spa-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const f of [
    'index-BVhMo59s.js',
    'login-q2bkMzpO.js',
    'login-q2bkMzpO.js.br',
    'forgot-password-cH0aoB_V.js',
    'sign-in-BnvCgXa2.js',
    'form-fields-C0Bclf0n.js',
    'form-fields-C0Bclf0n.js.map',
    'parking-map-BILlORuj.js',
  ])
    fs.writeFileSync(path.join(dist, 'assets', f), '');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  const preloads = spaPreloads(dist);

  it('the sign-in page: its route file, the sign-in screens and the form fields, once each', () => {
    const links = preloads('/auth/login');
    expect(links.match(/<link[^>]+>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/login-q2bkMzpO.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/sign-in-BnvCgXa2.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/form-fields-C0Bclf0n.js" />',
    ]);
    expect(preloads('/auth/login/')).toBe(links);
  });

  it('the forgot-password page its own route file', () => {
    expect(preloads('/auth/forgot-password')).toContain('/assets/forgot-password-cH0aoB_V.js');
  });

  it('nothing on the other pages, and nothing missing from the build is announced', () => {
    expect(preloads('/dashboard')).toBe('');
    expect(preloads('/auth/login-x')).toBe('');
    expect(preloads('/auth/reset-password')).not.toContain('reset-password-');
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
    expect(dictionaryPreload('es-ES,es;q=0.9,en;q=0.8', langs)).toBe(
      '<link rel="preload" href="/api/central/langs/es" as="fetch" crossorigin="use-credentials" />',
    );
    expect(dictionaryPreload('de-DE,zh-CN;q=0.8', langs)).toContain('/langs/zh"');
    expect(dictionaryPreload('fr', langs)).toContain('/langs/en"');
    expect(dictionaryPreload(undefined, langs)).toContain('/langs/en"');
  });
});
