import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty, createTestContext, headers, type TestContext } from '../test/harness';
import { batchedStream, LOG_BATCH_MS, prettyLine, redactUrl } from './log';

/** Issue 14, item 8: tokens never reach the log, wherever a URL carries them. */
describe('redactUrl', () => {
  it('drops query values and token-like path segments, keeps the rest', () => {
    const token = crypto.randomBytes(32).toString('base64url');
    expect(redactUrl(`/tenant/api/public/residents/token/${token}`)).toBe(
      '/tenant/api/public/residents/token/[token]',
    );
    expect(redactUrl(`/tenant/api/public/residents/12?token=${token}&x=1`)).toBe(
      '/tenant/api/public/residents/12?token=[redacted]&x=[redacted]',
    );
    expect(redactUrl('/tenant/api/residents?filter[term]=rivera&page=2')).toBe(
      '/tenant/api/residents?filter[term]=[redacted]&page=[redacted]',
    );
    expect(redactUrl('/api/central/properties/42/logo')).toBe('/api/central/properties/42/logo');
  });
});

describe('the request log', () => {
  let ctx: TestContext;
  let code: string;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext({}, { logStream: { write: (line) => void lines.push(line) } });
    code = (await createProperty(ctx.database)).code;
  });
  afterAll(() => ctx?.close());

  it('never holds a token that a URL carried', async () => {
    const tokens = Array.from({ length: 4 }, () => crypto.randomBytes(32).toString('base64url'));
    const h = headers({ tenant: code });
    await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/residents/token/${tokens[0]}`,
      headers: h,
    });
    await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/residents/3?token=${tokens[1]}`,
      headers: h,
    });
    await ctx.app.inject({ method: 'GET', url: `/tenant/api/public/permits/${tokens[2]}`, headers: h });
    await ctx.app.inject({ method: 'GET', url: `/register/residents/${tokens[3]}`, headers: h });
    const log = lines.join('');
    expect(log).toContain('[token]');
    for (const token of tokens) expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });
});

/** Issue 15, item 8: a person's terminal gets readable lines, not JSON. */
describe('prettyLine', () => {
  it('writes a request as method, path, status and time, without the request id', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 20,
        time: Date.UTC(2026, 10, 24, 9, 5, 7),
        reqId: 'abc',
        req: { method: 'GET', url: '/api/health' },
        res: { statusCode: 200 },
        responseTime: 1.234,
        msg: 'request completed',
      }),
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d {2}debug {2}GET \/api\/health → 200 1\.2 ms$/);
  });

  it('writes a warning with what it carried and an error with its stack', () => {
    expect(prettyLine(JSON.stringify({ level: 40, time: 0, msg: 'slow job', job: 'mail', ms: 900 }))).toMatch(
      /warn {3}slow job {2}job=mail ms=900$/,
    );
    const error = prettyLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'failed',
        reqId: 'r1',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    expect(error.split('\n')[0]).toMatch(/error {2}failed {2}\(request r1\)$/);
    expect(error).toContain('Error: boom\n    at x');
  });

  it('passes through a line that is not JSON', () => {
    expect(prettyLine('plain words')).toBe('plain words');
  });
});

/** Decision 0031: JSON lines are written in batches, none lost, a warning at once. */
describe('batchedStream', () => {
  afterEach(() => void vi.useRealTimers());
  const line = (level: number, msg: string) => `${JSON.stringify({ level, time: 1, msg })}\n`;

  it('writes the lines of a moment in one write, in order, at most a batch period late', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const stream = batchedStream({ write: (text) => writes.push(text) });
    stream.write(line(30, 'one'));
    stream.write(line(30, 'two'));
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(LOG_BATCH_MS);
    expect(writes).toEqual([line(30, 'one') + line(30, 'two')]);
    stream.write(line(30, 'three'));
    vi.advanceTimersByTime(LOG_BATCH_MS);
    expect(writes).toEqual([line(30, 'one') + line(30, 'two'), line(30, 'three')]);
  });

  it('writes a warning or an error at once, with the lines waiting before it', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const stream = batchedStream({ write: (text) => writes.push(text) });
    stream.write(line(30, 'request'));
    stream.write(line(50, 'failed'));
    expect(writes).toEqual([line(30, 'request') + line(50, 'failed')]);
    stream.write(line(40, 'warned'));
    expect(writes).toHaveLength(2);
  });

  it('writes once enough is waiting, and what waits when flushed (as at exit)', () => {
    const writes: string[] = [];
    const stream = batchedStream({ write: (text) => writes.push(text) });
    const many = Array.from({ length: 200 }, (_, i) => line(30, `request ${i} ${'x'.repeat(100)}`));
    for (const l of many) stream.write(l);
    expect(writes.length).toBeGreaterThan(0);
    stream.flush();
    expect(writes.join('')).toBe(many.join(''));
  });
});
