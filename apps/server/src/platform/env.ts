import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** All configuration comes from environment variables, read here once (documented in README). */
function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}
function str(name: string, fallback: string): string {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : raw;
}
function poolMode(value: string | undefined): 'session' | 'transaction' {
  if (value === undefined || value === 'session' || value === 'transaction') return value ?? 'session';
  throw new Error(`DATABASE_POOL_MODE must be session or transaction, not ${value}`);
}

function onOff(name: string, fallback: boolean): boolean {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be on or off, not ${value}`);
}

function opt(name: string): string | undefined {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

/** The shortest APP_SECRET accepted in production: 256 bits. */
export const APP_SECRET_MIN_BYTES = 32;

/** Proxy-addr's names for ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: unset or 0 → none; a positive integer → that many hops; else a comma list of addresses/CIDRs. */
export function trustProxy(raw: string | undefined): false | number | string[] {
  if (raw === undefined || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (['true', '*', 'all'].includes(raw.toLowerCase()))
    throw new Error(
      'TRUST_PROXY must be a hop count (1 for one reverse proxy) or the proxies\' addresses/CIDRs, not "' +
        raw +
        '": trusting every hop lets a client choose its own address',
    );
  const list = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of list) {
    const [address, bits, ...rest] = item.split('/');
    const family = net.isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (PROXY_RANGE_NAMES.includes(item)) continue;
    if (!family || !validBits || rest.length)
      throw new Error(
        `TRUST_PROXY: "${item}" is not an IP address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(', ')}`,
      );
  }
  return list;
}

function smtpTls(raw: string | undefined): 'verify' | 'insecure' {
  if (raw === undefined || raw === 'verify') return 'verify';
  if (raw === 'insecure') return 'insecure';
  throw new Error(`SMTP_TLS must be "verify" or "insecure", got "${raw}"`);
}

/**
 * LOG_FORMAT=json|pretty; unset: readable lines in a person's terminal (stdout a TTY, not CI, not production),
 * JSON lines everywhere else.
 */
function logFormatOf(production: boolean): 'json' | 'pretty' {
  const raw = opt('LOG_FORMAT');
  if (raw !== undefined && raw !== 'json' && raw !== 'pretty')
    throw new Error(`LOG_FORMAT must be json or pretty, got "${raw}"`);
  if (raw !== undefined) return raw;
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  return process.stdout.isTTY && !ci && !production ? 'pretty' : 'json';
}

/** DEMO=1 / DEMO=0 decide; unset: demo data on the embedded database only, and never in production. */
function demoWanted(production: boolean, serverDatabase: boolean): boolean {
  const raw = opt('DEMO');
  if (raw !== undefined && raw !== '0' && raw !== '1') throw new Error(`DEMO must be 0 or 1, got "${raw}"`);
  if (raw === '1' && production)
    throw new Error('DEMO=1 is refused with NODE_ENV=production: demo accounts have a published password');
  if (raw !== undefined) return raw === '1';
  return !production && !serverDatabase;
}

export interface Env {
  nodeEnv: string;
  production: boolean;
  port: number;
  host: string;
  appDomain: string;
  /** Scheme used in links we mail (https in production). */
  publicScheme: string;
  /** Port appended to links we mail, when not the scheme's default. */
  publicPort: number | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseAdminUrl: string | undefined;
  /**
   * Where the server hears the database's changes to what admission keeps (decision 0034): DATABASE_LISTEN_URL, by
   * default DATABASE_URL; false ('off') keeps nothing between requests (a pooler in transaction mode cannot LISTEN).
   */
  databaseListenUrl: string | false | undefined;
  /** DATABASE_POOL_MODE: `transaction` when DATABASE_URL leads to PgBouncer in transaction mode (decision 0055). */
  databasePoolMode: 'session' | 'transaction';
  /**
   * JOBS=off: this web process takes no job (a worker process, `npm run worker`, runs them); by default the web
   * process runs the job handlers too.
   */
  runJobs: boolean;
  dbPoolSize: number;
  /** A statement of a request or a job canceled past this many ms (0: none; PostgreSQL only): decision 0053. */
  dbStatementTimeoutMs: number;
  /**
   * Sign-ins let through per address in 15 minutes, successful ones included (SIGN_IN_LIMIT_PER_ADDRESS, default 60;
   * 0: no such limit). Failures have their own, lower limits (THROTTLE).
   */
  signInLimitPerAddress: number;
  logLevel: string;
  /** JSON lines (production, CI, a pipe) or readable lines (a person's terminal). */
  logFormat: 'json' | 'pretty';
  smtp: {
    host?: string;
    port: number;
    user?: string;
    password?: string;
    from: string;
    /** 'verify' (default): TLS required, certificate verified. 'insecure': TLS if offered, any certificate. */
    tls: 'verify' | 'insecure';
    /** SMTP_CA_FILE: PEM certificates trusted beside the system's (a private relay's own CA). */
    ca?: string;
  };
  secretKey: string;
  /**
   * Which proxies may say who the client is (X-Forwarded-For/-Proto/-Host): false (none), a hop count (the last n
   * addresses are proxies of ours), or the proxies' addresses and CIDR ranges. Never "every hop": that would let a
   * client choose its own address for the sign-in limits and the audit log.
   */
  trustProxy: false | number | string[];
  /** Demo data (known passwords) is created: on the embedded database by default, elsewhere only with DEMO=1. */
  demo: boolean;
  webDist: string;
}

export function loadEnv(overrides: Partial<Env> = {}): Env {
  const nodeEnv = str('NODE_ENV', 'development');
  const production = nodeEnv === 'production';
  const port = int('PORT', 3000);
  const dataDir = path.resolve(str('DATA_DIR', './data'));
  const secretKey =
    opt('APP_SECRET') ?? (production ? '' : 'parkade-development-secret-do-not-use-in-production');
  if (!secretKey) throw new Error('APP_SECRET must be set when NODE_ENV=production');
  if (production && Buffer.byteLength(secretKey, 'utf8') < APP_SECRET_MIN_BYTES)
    throw new Error(
      `APP_SECRET must be at least ${APP_SECRET_MIN_BYTES} bytes when NODE_ENV=production ` +
        `(for example: openssl rand -hex 32)`,
    );
  const logFormat = logFormatOf(production);
  return {
    nodeEnv,
    production,
    port,
    host: str('HOST', '0.0.0.0'),
    appDomain: str('APP_DOMAIN', 'localhost'),
    publicScheme: str('PUBLIC_SCHEME', production ? 'https' : 'http'),
    publicPort: opt('PUBLIC_PORT') ? int('PUBLIC_PORT', 0) : production ? undefined : port,
    dataDir,
    databaseUrl: opt('DATABASE_URL'),
    databaseAdminUrl: opt('DATABASE_ADMIN_URL'),
    databaseListenUrl: opt('DATABASE_LISTEN_URL') === 'off' ? false : opt('DATABASE_LISTEN_URL'),
    databasePoolMode: poolMode(opt('DATABASE_POOL_MODE')),
    runJobs: onOff('JOBS', true),
    dbPoolSize: int('DB_POOL_SIZE', 20),
    dbStatementTimeoutMs: int('DB_STATEMENT_TIMEOUT_MS', 30_000),
    signInLimitPerAddress: int('SIGN_IN_LIMIT_PER_ADDRESS', 60),
    logFormat,
    logLevel: str('LOG_LEVEL', logFormat === 'pretty' ? 'warn' : 'info'),
    smtp: {
      host: opt('SMTP_HOST'),
      port: int('SMTP_PORT', 587),
      user: opt('SMTP_USER'),
      password: opt('SMTP_PASSWORD'),
      from: str('MAIL_FROM', 'Parkade <no-reply@parkade.local>'),
      tls: smtpTls(opt('SMTP_TLS')),
      ca: opt('SMTP_CA_FILE') ? fs.readFileSync(opt('SMTP_CA_FILE')!, 'utf8') : undefined,
    },
    secretKey,
    trustProxy: trustProxy(opt('TRUST_PROXY')),
    demo: demoWanted(production, opt('DATABASE_URL') !== undefined),
    webDist: path.resolve(str('WEB_DIST', './apps/web/dist')),
    ...overrides,
  };
}
