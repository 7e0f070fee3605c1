import type { FastifyRequest } from 'fastify';

/** A path segment that looks like a token (ours are 43 base64url characters): never a name, code or id. */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{20,}$/;

/**
 * A URL as the log may keep it: every query value and every token-like path segment replaced. Links carry their
 * secrets in both places (`/public/residents/token/{token}`, `/permit/{token}`, `?token=` of the agreement and
 * reset links), and query values hold what people searched for (names, plates); the keys stay for debugging.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const safePath = path
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? '[token]' : segment))
    .join('/');
  if (q < 0) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${safePath}?${keys.join('&')}`;
}

/** The request as every log line describes it: no query values, no tokens, no headers. */
export function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.headers.host,
    remoteAddress: req.ip,
  };
}

/** Fastify's logger options: the level, and serializers that keep secrets out of the log. */
export function loggerOptions(level: string, extra: object = {}) {
  return { level, serializers: { req: requestForLog }, ...extra };
}

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** One log record as a person reads it: time, level, message, then what it carried. */
export function prettyLine(json: string, colour = false): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const {
    level,
    time,
    msg,
    pid: _pid,
    hostname: _hostname,
    reqId,
    req,
    res,
    responseTime,
    err,
    ...rest
  } = record;
  const at = new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);
  const name = (LEVELS[level as number] ?? String(level)).padEnd(5);
  const parts = [at, colour && COLOURS[level as number] ? `${COLOURS[level as number]}${name}\x1b[0m` : name];
  if (req && typeof req === 'object') {
    const r = req as { method?: string; url?: string };
    const status = (res as { statusCode?: number } | undefined)?.statusCode;
    const ms = typeof responseTime === 'number' ? ` ${responseTime.toFixed(1)} ms` : '';
    parts.push(`${r.method} ${r.url}${status ? ` → ${status}` : ''}${ms}`);
    if (msg !== 'request completed') parts.push(asText(msg));
  } else parts.push(msg === undefined ? '' : asText(msg));
  const extra = Object.entries(rest)
    .map(([k, v]) => `${k}=${asText(v)}`)
    .join(' ');
  if (extra) parts.push(extra);
  if (reqId && level !== 30 && level !== 20) parts.push(`(request ${asText(reqId)})`);
  let line = parts.join('  ');
  if (err && typeof err === 'object') {
    const e = err as { message?: string; stack?: string };
    line += `\n${e.stack ?? e.message ?? JSON.stringify(err)}`;
  }
  return line;
}

/** A destination for the logger that writes readable lines to the terminal instead of JSON. */
export function prettyStream(out: NodeJS.WriteStream = process.stdout) {
  const colour = out.isTTY === true;
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json) out.write(prettyLine(json, colour) + '\n');
    },
  };
}

/** How long an info line may wait to be written with others, and how much may wait. */
export const LOG_BATCH_MS = 1000;
const LOG_BATCH_BYTES = 16 * 1024;

/**
 * JSON log lines written in batches (decision 0031): one write for many request lines instead of one each, at most
 * LOG_BATCH_MS late. A warning or worse is written at once, with the lines before it; whatever waits is written when
 * the process exits (a crash included; only a SIGKILL loses the last second).
 */
export function batchedStream(out: { write(text: string): unknown } = process.stdout) {
  let pending: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    bytes = 0;
    out.write(text);
  };
  process.once('exit', flush);
  return {
    write(line: string) {
      pending.push(line);
      bytes += line.length;
      // pino's lines begin with {"level":NN — 40 and above are warnings, errors and fatal ones.
      const urgent = line.startsWith('{"level":') && Number(line.slice(9, 11)) >= 40;
      if (urgent || bytes >= LOG_BATCH_BYTES) flush();
      else timer ??= setTimeout(flush, LOG_BATCH_MS).unref();
    },
    flush,
  };
}
