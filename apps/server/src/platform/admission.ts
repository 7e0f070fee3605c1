import {
  ERROR_CODES,
  readsDuringRoundOnly,
  readsOnRound,
  type Area,
  type Language,
  type Permission,
} from '@parkade/contract';
import type { FastifyRequest } from 'fastify';
import { admissionCacheOf, sessionKey } from './admission-cache';
import {
  sessionFreshForMs,
  sessionFrom,
  sessionSql,
  tokenHash,
  touchSession,
  type SessionUser,
} from './auth';
import { scopeSql, type Database, type Named, type Opening, type RowScope, type Tx } from './db';
import { forbidden, forbiddenToView, HttpError } from './errors';
import { tenantCodeOf, tenantFrom, tenantSql, type TenantProperty } from './tenancy';

/**
 * Who may call a route: anyone ('public'), any signed-in user of the area ('authenticated'),
 * a resident ('resident'), any signed-in staff user, whatever their role ('staff'), a holder of the permission, or a
 * holder of any of the permissions listed (a form's options read: whoever may use the form; decision 0039).
 */
export type Access = 'public' | 'authenticated' | 'resident' | 'staff' | Permission | readonly Permission[];

/** The permissions an access rule names (any of them admits): none for the special rules. */
export function accessPermissions(access: Access): readonly Permission[] {
  if (Array.isArray(access)) return access as readonly Permission[];
  return ['public', 'authenticated', 'resident', 'staff'].includes(access as string)
    ? []
    : [access as Permission];
}

/** An access rule as the API document and the tests name it: `visitors.create or visitors.edit`. */
export const accessLabel = (access: Access): string =>
  Array.isArray(access) ? access.join(' or ') : (access as string);

/** What admission reads of a route (platform/http's RouteDef has these). */
export interface AdmissionRule {
  access: Access;
  /** Open to a session that must enrol in two-factor sign-in first. */
  openDuringEnrolment?: boolean;
  /**
   * In the central area, acts on the property named by `X-Property`; 'optional': on it when the header is sent,
   * else on the central area's own rows (roles).
   */
  propertyScoped?: boolean | 'optional';
  /** The route's method: a round-only GET is refused off round, a round-only write answered without lookup data. */
  method?: string;
  /** The answer carries lookup data (RouteDef.roundOnly, decision 0038). */
  roundOnly?: boolean;
}

/** Who is calling, settled before anything else of the request is read. */
export interface Gate {
  property: TenantProperty | null;
  session: SessionUser | null;
  /** The property a central user acts on (`X-Property`), for property-scoped routes. */
  acting: TenantProperty | null;
  /** The caller is a patrol officer whose open check-in is not at the request's property (decision 0027). */
  offRound: boolean;
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** The row-level scope a request's transaction starts in: central, or no tenant until the tenant is resolved. */
export const scopeOf = (area: Area) =>
  area === 'central' ? ({ area: 'central' } as const) : ({ area: 'public' } as const);

export function checkAccess(def: AdmissionRule, session: SessionUser | null) {
  const { access } = def;
  if (access === 'public') return;
  if (!session) throw new HttpError(401, 'errors.unauthenticated');
  if (session.twoFactor?.enrolmentRequired && !def.openDuringEnrolment)
    throw new HttpError(403, 'auth.twoFactorEnrolmentRequired').withCode(
      ERROR_CODES.twoFactorEnrolmentRequired,
    );
  if (access === 'authenticated') return;
  if (access === 'resident') {
    if (session.user.type !== 'tenant-resident') throw forbidden();
    return;
  }
  if (access === 'staff') {
    if (!session.twoFactor) throw forbidden();
    return;
  }
  const needed = accessPermissions(access);
  if (needed.some((p) => session.permissions.includes(p))) return;
  // A record's read names what may not be read ("You do not have permission to view this permit").
  const [only] = needed;
  if (needed.length === 1 && only?.endsWith('.show'))
    throw forbiddenToView(only.slice(0, -'.show'.length).replace(/-/g, '_'));
  throw forbidden();
}

/**
 * A patrol officer reads the property's vehicles, permits, visitors, spots and bans, looks up plates and reads what
 * lookups found (round-only routes), only during a round there (decisions 0027, 0038): 409 "check in first"
 * otherwise. Answers whether the caller is an officer off round (a round-only write then answers without lookup data).
 */
function checkRound(def: AdmissionRule, session: SessionUser | null, propertyId: number | null): boolean {
  if (!session || !readsOnRound(session.permissions)) return false;
  if (propertyId !== null && session.roundPropertyId === propertyId) return false;
  if (accessPermissions(def.access).some((p) => readsDuringRoundOnly(session.permissions, p)))
    throw new HttpError(409, 'patrol.checkInToRead').withCode('check-in-required');
  if (def.roundOnly && def.method === 'GET')
    throw new HttpError(409, 'patrol.checkInToReadLookups').withCode('check-in-required');
  return true;
}

/** The property id a central user names in `X-Property`, or null when it names none. */
function propertyIdOf(header: string | string[] | undefined): number | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw?.trim()) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The statement of the opening that selects the property a central user acts on (`X-Property: <id>`): the
 * transaction's row-level scope becomes that property's, so the rest of the request sees and writes its rows only.
 * It follows the session's statement; its rows are used only once the caller is admitted.
 */
const selectPropertySql = (id: number): Named => ({
  name: 'parkade_select_property',
  params: [String(id)],
  text: `select p.id::int as id, p.code, p.name, p.languages, p.country, p.timezone as "timeZone", p.access_domain as "accessDomain",
      p.visitor_domain as "visitorDomain", p.active,
      set_config('app.property_id', p.id::text, true) as _pid, set_config('app.scope', 'tenant', true) as _scope
    from properties p where p.id = $1::bigint`,
});

/**
 * Runs fn in a request's transaction once the caller is admitted: the tenant of a tenant route (X-Tenant, agreeing
 * with the host), the bearer token's session in this area and tenant, the access rule, then the selected property
 * of a central property-scoped route. The scope, the tenant, the session and the selected property are read by the
 * transaction's opening, sent with BEGIN in one round trip (decision 0018): a signed-in request costs its own
 * statements and a COMMIT.
 *
 * `read`, a read-only route's statement (RouteDef.read), is sent with the opening too, and the transaction commits
 * in the same round trip (decision 0030): the request costs one round trip. Its rows reach fn only once the caller is
 * admitted, and fn's tx is then ended (a further statement runs in a transaction of its own). It is not sent when a
 * central property-scoped route names no property (refused 400).
 */
export async function admitted<T>(
  database: Database,
  def: AdmissionRule,
  area: Area,
  req: FastifyRequest,
  token: string | undefined,
  fn: (tx: Tx, gate: Gate, read: Record<string, unknown>[] | undefined) => Promise<T>,
  read?: Named | null,
): Promise<T> {
  const code = area === 'tenant' ? tenantCodeOf(req.headers['x-tenant'] as string | undefined) : null;
  // The tenant and the caller admitted a moment ago are not read again (decision 0034).
  const cache = admissionCacheOf(database.changes);
  const mark = cache.mark();
  const knownTenant = code ? cache.tenant(code) : undefined;
  const hash = token ? tokenHash(token) : undefined;
  const key =
    hash && (area === 'central' || knownTenant) ? sessionKey(area, knownTenant?.id ?? null, hash) : undefined;
  const knownSession = key ? cache.session(key) : undefined;
  const opening: Opening[] = [
    scopeSql(knownTenant ? { area: 'tenant', propertyId: knownTenant.id } : scopeOf(area)),
  ];
  if (code && !knownTenant) opening.push(tenantSql(code));
  if (token && !knownSession) opening.push(sessionSql(area, token));
  const named = req.headers['x-property'];
  const selects =
    area === 'central' &&
    (def.propertyScoped === true || (def.propertyScoped === 'optional' && named !== undefined));
  const selected = selects ? propertyIdOf(named) : null;
  if (selected !== null) opening.push(selectPropertySql(selected));
  // Not without the selected property: the request is refused (400) and the read would see every property's rows.
  const oneTrip = !!read && (!selects || selected !== null);
  if (oneTrip) opening.push(read);
  return database.open(
    opening,
    async (tx, rows) => {
      // What admission reads or writes after the opening (a custom host's check, the session's idle clock) goes in
      // this transaction, or in one of its own once this one ended with its opening.
      let rowScope: RowScope = scopeOf(area);
      const inTransaction = <R>(fn: (t: Tx) => Promise<R>) =>
        oneTrip ? database.withScope(rowScope, fn) : fn(tx);
      let next = 1;
      const tenantRows = () =>
        knownTenant ? [knownTenant as unknown as Record<string, unknown>] : rows[next++]!;
      const property = code ? await tenantFrom(inTransaction, tenantRows(), code, req.hostInfo) : null;
      if (property) rowScope = { area: 'tenant', propertyId: property.id };
      if (code && property && !knownTenant) cache.keepTenant(mark, code, property);
      const languages = (property?.languages ?? ['en', 'es', 'zh']) as Language[];
      const touch = (id: number) => inTransaction((t) => touchSession(t, property?.id ?? null, id));
      let session: SessionUser | null = null;
      if (knownSession) session = knownSession;
      else if (token && hash) {
        const sessionRows = rows[next++]!;
        try {
          session = await sessionFrom(touch, sessionRows, area, property?.id ?? null, languages);
          const at = sessionKey(area, property?.id ?? null, hash);
          cache.keepSession(mark, at, session, area, sessionFreshForMs(sessionRows));
        } catch (e) {
          if (def.access !== 'public') throw e;
        }
      }
      checkAccess(def, session);
      let acting: TenantProperty | null = null;
      if (selects) {
        if (selected === null) throw new HttpError(400, 'errors.propertyNotSelected');
        acting = (rows[next++]![0] as TenantProperty | undefined) ?? null;
        if (!acting) throw new HttpError(404, 'properties.notFound');
      }
      const offRound = checkRound(def, session, acting?.id ?? property?.id ?? null);
      return fn(tx, { property, session, acting, offRound }, oneTrip ? rows[next] : undefined);
    },
    { endWithOpening: oneTrip },
  );
}
