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
