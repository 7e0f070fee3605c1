/**
 * Issue 14, item 2: a multipart body is read only once its sender may send it. The token, the tenant and the
 * permission are checked before the first byte of the body; a refused upload is answered at once, while the
 * client is still sending, and the connection is closed instead of drained.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
} from '../test/harness';
import { MULTIPART_FIELDS } from './uploads';

let ctx: TestContext;
let port: number;
let code: string;
let otherCode: string;
let manager: string;
let inspector: string;
let foreign: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  const other = await createProperty(ctx.database);
  code = p.code;
  otherCode = other.code;
  manager = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
  inspector = await login(ctx, await createTenantUser(ctx.database, p.id, 'parking-inspector'), code);
  foreign = await login(ctx, await createTenantUser(ctx.database, other.id, 'manager'), otherCode);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx?.close());

const BOUNDARY = '----parkade-admission-test';
const DECLARED = 64 * 1024 * 1024;

/**
 * Starts a 64 MB multipart upload, sends its first 64 KB and then stops sending (without ending the body). The
 * answer arrives only if the server decided without reading the body; a server that reads first never answers,
 * and the test times out.
 */
function startUpload(
  path: string,
  h: Record<string, string>,
): Promise<{ status: number; body: { message: string; statusCode: number }; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: {
        ...h,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(DECLARED),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: string; statusCode: number },
          connection: res.headers.connection,
        });
        req.destroy();
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      // The server may close while we write; the answer has been read by then.
      if (e.code !== 'ECONNRESET' && e.code !== 'EPIPE') reject(e);
    });
    req.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="residents.xlsx"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    );
    req.write(Buffer.alloc(64 * 1024, 0x50));
    // …and nothing more: the remaining ~64 MB are never sent.
  });
}

describe('an upload is admitted before its body is read', () => {
  const url = '/tenant/api/residents/import';

  it('no token: 401 while the body is still arriving, and the connection is closed', async () => {
    const r = await startUpload(url, headers({ tenant: code }));
    expect(r.status).toBe(401);
    expect(r.body.statusCode).toBe(401);
    expect(r.connection).toBe('close');
  });

  it('a made-up bearer token: 401 before the body is read', async () => {
    const r = await startUpload(url, headers({ tenant: code, token: 'x' }));
    expect(r.status).toBe(401);
    expect(r.connection).toBe('close');
  });

  it("another property's token: 401 before the body is read", async () => {
    const r = await startUpload(url, headers({ tenant: code, token: foreign }));
    expect(r.status).toBe(401);
  });

  it('a user without the permission: 403 before the body is read', async () => {
    const r = await startUpload(url, headers({ tenant: code, token: inspector, lang: 'es' }));
    expect(r.status).toBe(403);
    expect(r.body.message).not.toBe('');
    expect(r.connection).toBe('close');
  });

  it('an unknown tenant: 404 before the body is read', async () => {
    const r = await startUpload(url, headers({ tenant: 'no-such-property', token: manager }));
    expect(r.status).toBe(404);
  });

  it('the allowed caller still uploads (the body is read and checked)', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([Buffer.from('not a spreadsheet')]), 'residents.xlsx');
    const { payload, contentType } = await formPayload(fd);
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...headers({ tenant: code, token: manager }), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['file']);
  });
});

describe('a multipart body carries the fields the forms need, no more', () => {
  const send = async (fd: FormData) => {
    const { payload, contentType } = await formPayload(fd);
    return ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/residents/import',
      headers: { ...headers({ tenant: code, token: manager }), 'content-type': contentType },
      payload,
    });
  };

  it('too many fields is refused as too large', async () => {
    const fd = new FormData();
    for (let i = 0; i <= MULTIPART_FIELDS.spreadsheet.count; i++) fd.append(`f${i}`, 'x');
    expect((await send(fd)).statusCode).toBe(413);
  });

  it('a value longer than a field may be is refused on its field, never kept shortened', async () => {
    const fd = new FormData();
    fd.append('note', 'y'.repeat(MULTIPART_FIELDS.spreadsheet.bytes + 1));
    const res = await send(fd);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['note']);
  });
});
