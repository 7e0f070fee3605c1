import {
  hasPermission,
  isDocumentKind,
  isMailTemplateKey,
  RESIDENT_ROUTES,
  ROUTE_AREAS,
  ROUTE_PERMISSIONS,
  type Area,
} from '@parkade/contract';
import { isAuthExempt, isPositiveId, landingPath, loginPath, normalisePath, type GuardUser } from './guards';

/**
 * Route access as data (DESIGN §6, SPEC §2.2–2.4, §6). Pure functions over the contract's route → permission table
 * and resident whitelist: the layout route's beforeLoad, the navigation and the home page all ask these, so what
 * the menu shows and what the guard lets through can never disagree.
 */

const split = (path: string) => path.split('/').filter(Boolean);
const isResident = (user: GuardUser) => user.type === 'tenant-resident';

/** A route pattern of the tables, split once: `/catalog/zones/$zoneId/show` → ['catalog', 'zones', '$zoneId', 'show']. */
interface Pattern {
  path: string;
  segments: string[];
  /** How many segments are literal: the most literal pattern wins ('/units/create-bulk' over a `$param`). */
  literal: number;
}

function compile(path: string): Pattern {
  const segments = split(path);
  return { path, segments, literal: segments.filter((s) => !s.startsWith('$')).length };
}

const STAFF_PATTERNS = Object.keys(ROUTE_PERMISSIONS).map(compile);
const RESIDENT_PATTERNS = RESIDENT_ROUTES.map(compile);
const ALL_PATTERNS = [...STAFF_PATTERNS, ...RESIDENT_PATTERNS];

export interface RouteMatch {
  /** The table's pattern, e.g. `/catalog/zones/$zoneId/show`. */
  pattern: string;
  /** The values of its `$params`, by name. */
  params: Record<string, string>;
}

/** The pattern of `patterns` that matches the path (the most literal one when several do), or null. */
function matchIn(pathname: string, patterns: readonly Pattern[]): RouteMatch | null {
  const segments = split(normalisePath(pathname));
  let best: { p: Pattern; params: Record<string, string> } | null = null;
  for (const p of patterns) {
    if (p.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const want = p.segments[i]!;
      const got = segments[i]!;
      if (want.startsWith('$')) params[want.slice(1)] = decodeURIComponent(got);
      else ok = want === got;
    }
    if (ok && (!best || p.literal > best.p.literal)) best = { p, params };
  }
  return best ? { pattern: best.p.path, params: best.params } : null;
}

/** The route of the staff table or of the resident whitelist that the path is an instance of. */
export function matchRoute(pathname: string): RouteMatch | null {
  return matchIn(pathname, ALL_PATTERNS);
}

/**
 * Does this path's page exist in the area the app runs in? A resource declared for some areas only (the central
 * /properties and /tenants) is not found elsewhere, for everyone: a property's address shows the not-found screen
 * rather than a page whose calls that area does not have.
 */
export function offeredIn(pathname: string, area: Area): boolean {
  const match = matchIn(pathname, STAFF_PATTERNS);
  const areas = match ? ROUTE_AREAS[match.pattern] : undefined;
  return !areas || areas.includes(area);
}

/** The resident area: `/my` and everything under it. */
const isResidentArea = (path: string) => path === '/my' || path.startsWith('/my/');

/**
 * SPEC §6: only residents have a route whitelist. Staff have a `/my` counterpart only where the page is about
 * themselves: `/my/profile` is their own `/profile` (where two-factor is enrolled). The other `/my` pages are about a
 * resident's own visitors, vehicles, permits and reservations, which staff do not have; they stay closed to staff.
 */
const STAFF_COUNTERPARTS: Record<string, string> = { '/my/profile': '/profile' };

/** Where a staff member opening a resident page is sent instead (their own counterpart of it), or null. */
export function staffCounterpart(pathname: string, user: GuardUser): string | null {
  if (isResident(user)) return null;
  return STAFF_COUNTERPARTS[normalisePath(pathname)] ?? null;
}

/** A route parameter that names a record: `$zoneId`, `$residentId` (tokens such as `$visitorToken` are not ids). */
const isIdParam = (name: string) => /Id$/.test(name);

/**
 * The record parameters whose records are named by a key rather than a number: an email template is the mail it
 * writes (`/email-templates/resident-agreement/show`, decision 0040) or, for a property's own template, its number; a
 * document is its kind (decision 0042). Anything else there sends to the list, as a bad number does.
 */
const KEY_PARAMS: Record<string, (value: string) => boolean> = {
  emailTemplateId: (v) => isMailTemplateKey(v) || isPositiveId(v),
  documentId: isDocumentKind,
};

/** Whether a record parameter's value names a record the way its route does (a positive integer, or its key). */
const isValidId = (name: string, value: string) => (KEY_PARAMS[name] ?? isPositiveId)(value);

/**
 * SPEC §2.2: an id parameter that is not a positive integer sends the user to the list route, the path up to the
 * bad parameter (`/catalog/zones/abc/show` → `/catalog/zones`, `/residents/7/permits` is fine). Works for every route
 * of the tables, so each new resource inherits it. Null when the path's ids are fine (or it has none).
 */
export function badIdRedirect(pathname: string): string | null {
  const match = matchRoute(pathname);
  if (!match) return null;
  const segments = split(match.pattern);
  const index = segments.findIndex(
    (s) =>
      s.startsWith('$') && isIdParam(s.slice(1)) && !isValidId(s.slice(1), match.params[s.slice(1)] ?? ''),
  );
  if (index < 0) return null;
  return index === 0 ? '/' : `/${split(normalisePath(pathname)).slice(0, index).join('/')}`;
}

/**
 * May this user open this path? (SPEC §2.3, §2.4, §6)
 * - A resident: only `/` and the routes of the resident whitelist.
 * - Staff: the route's permission from the table; a route listed as null, or not listed, is open. The `/my` area is
 *   the residents' own (its API answers residents only): staff are sent to the page's staff counterpart when it has
 *   one (`/my/profile` → `/profile`, see `staffCounterpart`), else to their landing page.
 */
export function canVisit(pathname: string, user: GuardUser, permissions: readonly string[]): boolean {
  const path = normalisePath(pathname);
  if (isAuthExempt(path)) return true;
  if (isResident(user)) return path === '/' || matchIn(path, RESIDENT_PATTERNS) !== null;
  if (isResidentArea(path)) return false;
  const match = matchIn(path, STAFF_PATTERNS);
  if (!match) return true;
  const permission = ROUTE_PERMISSIONS[match.pattern];
  return permission ? hasPermission(permissions, permission) : true;
}

/** What the authenticated layout knows when it checks a path. */
export interface GuardState {
  isAuthenticated: boolean;
  user: GuardUser | null;
  permissions: readonly string[];
}

/**
 * The whole decision for one path inside the authenticated layout: null to stay, or the href to go to.
 * Order: sign-in first (paths under /language exempt), then malformed ids, then access.
 * `href` is the path with its query string, kept as the login's `redirect`.
 */
export function guardRedirect(pathname: string, href: string, state: GuardState): string | null {
  const path = normalisePath(pathname);
  if (isAuthExempt(path)) return null;
  if (!state.isAuthenticated || !state.user) return loginPath(href);
  const list = badIdRedirect(path);
  if (list) return list;
  if (canVisit(path, state.user, state.permissions)) return null;
  const counterpart = staffCounterpart(path, state.user);
  if (counterpart && canVisit(counterpart, state.user, state.permissions)) return counterpart;
  const landing = landingPath(state.user, state.permissions);
  // The landing path is always visitable by construction; '/' is the last resort should a table ever disagree.
  return landing !== path && canVisit(landing, state.user, state.permissions)
    ? landing
    : path === '/'
      ? null
      : '/';
}
