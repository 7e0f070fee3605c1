import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';

/**
 * Issue 15, item 10: the API document (/api/docs/json) is one clients can be generated from. Spectral's OpenAPI
 * ruleset finds nothing in it, every operation has a stable, unique operationId and a declared tag, and a typed
 * client generated from it with openapi-typescript compiles — with the calls the web app makes, so the document
 * cannot drift from the routes unnoticed.
 */
let ctx: TestContext;
let text: string;
let doc: {
  paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
  tags?: { name: string; description?: string }[];
};

beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  text = res.body;
  doc = res.json();
});
afterAll(() => ctx?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([url, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ url, method, ...op })),
  );

describe('the API document', () => {
  it("passes Spectral's OpenAPI ruleset without an error or a warning", async () => {
    const { Spectral, Document } = spectralCore;
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas, 'recommended']] } as never);
    const results = await spectral.run(new Document(text, spectralParsers.Json, '/api/docs/json'));
    // Severity 0 is an error, 1 a warning; hints and information are not findings.
    const findings = results
      .filter((r) => Number(r.severity) <= 1)
      .map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`);
    expect(findings).toEqual([]);
  });

  it('names every operation once, by area, resource and action, and declares every tag it uses', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(200);
    const ids = ops.map((o) => o.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('tenant.residents.get');
    expect(ids).toContain('central.auth.postLogin');
    expect(ids).toContain('tenant.residents.putByIdStatus');
    const declared = new Set((doc.tags ?? []).map((t) => t.name));
    expect(ops.flatMap((o) => o.tags ?? []).filter((t) => !declared.has(t))).toEqual([]);
    expect((doc.tags ?? []).filter((t) => !t.description)).toEqual([]);
  });

  it('generates a typed client that compiles, with the calls the web app makes', async () => {
    const client = astToString(await openapiTS(text));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.d.ts'), client);
      // Calls the web app relies on, typed from the generated client: a renamed path, field or body breaks them.
      fs.writeFileSync(
        path.join(dir, 'use.ts'),
        `import type { paths, operations } from './api';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type LoginBody = Json<NonNullable<paths['/api/central/auth/login']['post']['requestBody']>>;
const login: LoginBody = { email: 'admin@demo.test', password: 'demo1234', remember: true };
type Bootstrap = Json<paths['/tenant/api/auth/bootstrap']['get']['responses'][200]>;
const permissions = (b: Bootstrap): string[] => b.permissions;
type Residents = Json<operations['tenant.residents.get']['responses'][200]>;
const firstName = (r: Residents): string | undefined => r.data[0]?.fullName;
type Status = Json<NonNullable<paths['/tenant/api/residents/{id}/status']['put']['requestBody']>>;
const status = (s: Status) => s.status;
export { login, permissions, firstName, status };
`,
      );
      const program = ts.createProgram([path.join(dir, 'use.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: false,
        types: [],
      });
      const errors = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
