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
function opt(name: string): string | undefined {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? undefined : raw;
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
  dbPoolSize: number;
  logLevel: string;
  smtp: { host?: string; port: number; user?: string; password?: string; from: string };
  secretKey: string;
  trustProxy: boolean;
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
    dbPoolSize: int('DB_POOL_SIZE', 20),
    logLevel: str('LOG_LEVEL', production ? 'info' : 'info'),
    smtp: {
      host: opt('SMTP_HOST'),
      port: int('SMTP_PORT', 587),
      user: opt('SMTP_USER'),
      password: opt('SMTP_PASSWORD'),
      from: str('MAIL_FROM', 'Parkade <no-reply@parkade.local>'),
    },
    secretKey,
    trustProxy: str('TRUST_PROXY', '0') === '1',
    webDist: path.resolve(str('WEB_DIST', './apps/web/dist')),
    ...overrides,
  };
}
