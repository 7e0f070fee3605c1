import { hasPermission, type AuthUser, type Permission } from '@parkade/contract';

/**
 * Where the app sends people, without the route tables: the sign-in page, the root route and two-factor set-up ask
 * these (where a user lands, where a login returns to). The tables' rules (who may open which path) are in
 * route-access.ts, which the authenticated layout loads with the first signed-in page, so the sign-in page does not
 * carry every resource's declaration.
 */

/** The part of a user the rules look at. */
export type GuardUser = Pick<AuthUser, 'type' | 'role'>;

const split = (path: string) => path.split('/').filter(Boolean);

/** `/dashboard/` → `/dashboard`; the query string and hash are not part of a route. */
export function normalisePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  const segments = split(path);
  return segments.length ? `/${segments.join('/')}` : '/';
}

/** Paths under /language are open to everyone, signed in or not (SPEC §2.2). */
export function isAuthExempt(pathname: string): boolean {
  const path = normalisePath(pathname);
  return path === '/language' || path.startsWith('/language/');
}

/** Positive integer, written the canonical way (SPEC §2.2: id route parameters are positive integers). */
export function isPositiveId(value: string): boolean {
  return /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value));
}

const isResident = (user: GuardUser) => user.type === 'tenant-resident';

/**
 * Where a user lands after signing in, and where a forbidden path sends them (SPEC §2.2): residents → /my/profile,
 * parking inspectors → /patrolling, holders of dashboard.index → /dashboard, everyone else → /.
 */
export function landingPath(user: GuardUser, permissions: readonly string[]): string {
  if (isResident(user)) return '/my/profile';
  if (user.role === 'parking-inspector') return '/patrolling';
  if (hasPermission(permissions, 'dashboard.index' satisfies Permission)) return '/dashboard';
  return '/';
}

/** `/auth/login?redirect=…` for a path the user wanted (none when it is the default, '/'). */
export function loginPath(href: string): string {
  const target = safeRedirect(href);
  return target && target !== '/' ? `/auth/login?redirect=${encodeURIComponent(target)}` : '/auth/login';
}

/**
 * A redirect target from a URL is only followed when it is a path of this app: it starts with one slash and is not
 * a protocol-relative or backslash trick (`//evil.test`, `/\evil.test`), and it does not loop back into /auth.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return undefined;
  if (normalisePath(v).startsWith('/auth/') || normalisePath(v) === '/auth') return undefined;
  return v;
}
