import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv, trustProxy } from './env';

/** Issue 14, items 5 and 6: which proxies are trusted, and when demo data is created. */
const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});
const withEnv = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  return loadEnv();
};

describe('DATABASE_LISTEN_URL', () => {
  it('defaults to DATABASE_URL (unset), takes a URL, and off listens nowhere', () => {
    expect(withEnv({ DATABASE_LISTEN_URL: undefined }).databaseListenUrl).toBeUndefined();
    expect(withEnv({ DATABASE_LISTEN_URL: 'postgres://app@db:5432/parkade' }).databaseListenUrl).toBe(
      'postgres://app@db:5432/parkade',
    );
    expect(withEnv({ DATABASE_LISTEN_URL: 'off' }).databaseListenUrl).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and with 0', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });
  it('takes a hop count: 1 is one reverse proxy, not every hop', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(withEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });
  it('takes addresses and CIDR ranges', () => {
    expect(trustProxy('10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });
  it('refuses "every hop" and anything that is not an address', () => {
    expect(() => trustProxy('true')).toThrow(/hop count/);
    expect(() => trustProxy('*')).toThrow(/hop count/);
    expect(() => trustProxy('proxy.example.com')).toThrow(/not an IP address/);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/not an IP address/);
  });
});

describe('demo data', () => {
  it('on the embedded database by default', () => {
    expect(withEnv({ DATABASE_URL: undefined, DEMO: undefined, NODE_ENV: 'development' }).demo).toBe(true);
  });
  it('not on a server database unless DEMO=1', () => {
    expect(
      withEnv({ DATABASE_URL: 'postgres://x@h/db', DEMO: undefined, NODE_ENV: 'development' }).demo,
    ).toBe(false);
    expect(withEnv({ DATABASE_URL: 'postgres://x@h/db', DEMO: '1', NODE_ENV: 'development' }).demo).toBe(
      true,
    );
  });
  it('DEMO=0 turns it off on the embedded database', () => {
    expect(withEnv({ DATABASE_URL: undefined, DEMO: '0', NODE_ENV: 'development' }).demo).toBe(false);
  });
  it('never in production', () => {
    const secret = 'x'.repeat(32);
    expect(
      withEnv({ DATABASE_URL: undefined, DEMO: undefined, NODE_ENV: 'production', APP_SECRET: secret }).demo,
    ).toBe(false);
    expect(() => withEnv({ DEMO: '1', NODE_ENV: 'production', APP_SECRET: secret })).toThrow(
      /DEMO=1 is refused/,
    );
  });
  it('production needs an APP_SECRET of 32 bytes or more', () => {
    expect(() => withEnv({ NODE_ENV: 'production', APP_SECRET: 'short' })).toThrow(/at least 32 bytes/);
    expect(() => withEnv({ NODE_ENV: 'production', APP_SECRET: undefined })).toThrow(/must be set/);
  });
});

describe('LOG_FORMAT', () => {
  it('is JSON lines under CI, in production and when the output is not a terminal', () => {
    expect(withEnv({ CI: 'true' }).logFormat).toBe('json');
    expect(withEnv({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), CI: '' }).logFormat).toBe('json');
  });

  it('takes json or pretty when asked, and refuses anything else', () => {
    expect(withEnv({ LOG_FORMAT: 'pretty', CI: 'true' }).logFormat).toBe('pretty');
    expect(withEnv({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => withEnv({ LOG_FORMAT: 'colour' })).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  it('keeps a terminal to warnings and errors unless LOG_LEVEL says otherwise', () => {
    expect(withEnv({ LOG_FORMAT: 'pretty', LOG_LEVEL: undefined }).logLevel).toBe('warn');
    expect(withEnv({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(withEnv({ LOG_FORMAT: 'json', LOG_LEVEL: undefined }).logLevel).toBe('info');
  });
});
