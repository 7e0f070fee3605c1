import crypto from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import {
  PHONE_PATTERN,
  REMEMBER_IDLE_DAYS,
  ROLE_PERMISSIONS,
  SESSION_IDLE_MINUTES,
  SESSION_TOUCH_SECONDS,
  type Area,
  type AuthUser,
  type LanguageCode,
  type Permission,
  type RoleName,
  type UserType,
} from '@parkade/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { query, type Opening, type Tx } from './db';
import { areaPropertyId, CENTRAL_AREA_ID } from './db/columns';
import { HttpError } from './errors';

/** argon2id with m = 19 MiB, t = 2, p = 1 (OWASP minimum; DESIGN §2). */
const ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argonHash(password, ARGON);
export const verifyPassword = async (hash: string, password: string) => {
  try {
    return await argonVerify(hash, password);
  } catch {
    return false;
  }
};
/**
 * The password hash of an account without a usable password (not an argon2 string, so nothing verifies against
 * it): a staff user still invited, a resident who has not chosen one yet. Sign-in checks the dummy hash instead,
 * so such an account answers exactly as a wrong password does, in the same time.
 */
export const NO_PASSWORD = '!';
/** A valid hash of a random password, verified against when the account does not exist (equal timing). */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));

/** Opaque tokens: 256 random bits, base64url; only their SHA-256 is stored. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');
// crypto.hash: one call, no Hash object (every signed-in request hashes its token).
export const tokenHash = (token: string) => crypto.hash('sha256', token, 'hex');

export interface SessionUser {
  sessionId: number;
  user: AuthUser;
  permissions: Permission[];
  active: boolean;
  /**
   * Staff only (null for residents and visitors): whether the user signs in with two factors, and whether they
   * must enrol first — central staff while the platform makes it mandatory (decision 0014). Read with the session
   * on every request, so turning the setting on restricts sessions already open.
   */
  twoFactor: { enabled: boolean; enrolmentRequired: boolean } | null;
  /** The property of the user's open patrol check-in, if any (read with the session; decision 0027). */
  roundPropertyId: number | null;
}

/** Staff sign in with two factors; residents and visitors do not. */
export const isStaffType = (type: UserType) => type === 'central-user' || type === 'tenant-user';

interface UserRow {
  id: number;
  type: UserType;
  username: string | null;
  fullName: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  rolePermissions: string[] | null;
  language: string;
  propertyId: number | null;
  lastLoginAt: Date | string | null;
  active: boolean;
  passwordHash: string;
  twoFactorEnabled: boolean;
  twoFactorEnrolmentRequired: boolean;
}

const userColumns = (permissions: string) => `u.id::int as id, u.username, u.full_name as "fullName", u.email,
  u.phone, r.name as role, ${permissions} as "rolePermissions", u.language, u.active, u.password_hash as "passwordHash",
  u.last_login_at as "lastLoginAt", u.two_factor_enabled_at is not null as "twoFactorEnabled"`;

export function permissionsOf(row: Pick<UserRow, 'type' | 'role' | 'rolePermissions'>): Permission[] {
  if (row.type === 'tenant-resident' || row.type === 'tenant-visitor') return [];
  if (row.rolePermissions) return row.rolePermissions as Permission[];
  return row.role ? (ROLE_PERMISSIONS[row.role as RoleName] ?? []) : [];
}

export function toAuthUser(row: UserRow, languages: LanguageCode[]): AuthUser {
  return {
    id: Number(row.id),
    type: row.type,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    language: languages.includes(row.language) ? row.language : (languages[0] ?? 'en'),
    languages,
    propertyId: row.propertyId === null ? null : Number(row.propertyId),
    lastLoginAt: row.lastLoginAt ? new Date(row.lastLoginAt).toISOString() : null,
  };
}

/**
 * An area's user table (as `u`, with its role as `r`) and the UserRow columns read from it, as SQL text (no
 * values in it): central staff must enrol in two factors first while the platform settings say so (one row, read
 * in the same statement).
 */
function areaUsers(area: Area, permissions = 'r.permissions') {
  return area === 'central'
    ? {
        table: 'central_users u left join roles r on r.id = u.role_id',
        columns: `${userColumns(permissions)}, 'central-user' as type, null::int as "propertyId",
          (u.two_factor_enabled_at is null and coalesce(
            (select s.require_two_factor_central from system_settings s where s.id = 1), false))
            as "twoFactorEnrolmentRequired"`,
      }
    : {
        table: 'tenant_users u left join roles r on r.id = u.role_id',
        columns: `${userColumns(permissions)}, u.type, u.property_id::int as "propertyId", false as "twoFactorEnrolmentRequired"`,
      };
}

/** Users of the area, and of the tenant in the tenant area (always true centrally). */
function usersOf(area: Area, propertyId: number | null) {
  const users = areaUsers(area);
  return {
    table: sql.raw(users.table),
    columns: sql.raw(users.columns),
    inTenant: area === 'central' ? sql`true` : sql`u.property_id = ${propertyId}`,
  };
}

/** Finds a user of the area (and tenant) by email or phone. */
export async function findUserByLogin(
  tx: Tx,
  area: Area,
  propertyId: number | null,
  login: string,
): Promise<UserRow | undefined> {
  // A phone is exactly the phone pattern; anything else is an email (which may itself begin with '+').
  const isPhone = PHONE_PATTERN.test(login);
  const match = isPhone ? sql`u.phone = ${login}` : sql`lower(u.email) = ${login.toLowerCase()}`;
  const users = usersOf(area, propertyId);
  const rows = await query<UserRow>(
    tx,
    sql`select ${users.columns} from ${users.table} where ${users.inTenant} and ${match}`,
  );
  return rows[0];
}

export async function findUserById(
  tx: Tx,
  area: Area,
  propertyId: number | null,
  id: number,
): Promise<UserRow | undefined> {
  const users = usersOf(area, propertyId);
  const rows = await query<UserRow>(
    tx,
    sql`select ${users.columns} from ${users.table} where ${users.inTenant} and u.id = ${id}`,
  );
  return rows[0];
}

/**
 * The statement that reads a bearer token's session with its user, as SQL text for a transaction's opening
 * (platform/db `open`): its only values are the area and the token's SHA-256 in hex. The user is joined only in
 * the area asked for and, in the tenant area, in the tenant the opening's scope names, so a session of another
 * area or tenant comes back without one. Valid while not revoked or expired and not idle for longer than
 * SESSION_IDLE_MINUTES (REMEMBER_IDLE_DAYS when remembered).
 */
export function sessionSql(area: Area, token: string): Opening {
  return area === 'central'
    ? { name: 'parkade_session_central', text: SESSION_SQL.central, params: [tokenHash(token)] }
    : { name: 'parkade_session_tenant', text: SESSION_SQL.tenant, params: [tokenHash(token)] };
}

function sessionText(area: Area): string {
  // The role's permissions as the array's text: parsed once per distinct list (rolePermissionsOf), not per request.
  const users = areaUsers(area, 'r.permissions::text');
  const scopeProperty = `nullif(current_setting('app.property_id', true), '')::bigint`;
  const inTenant = area === 'central' ? 'true' : `u.property_id = ${scopeProperty}`;
  // The token is looked up among its area's sessions (their key leads with property_id, decision 0057).
  const areaProperty = area === 'central' ? String(CENTRAL_AREA_ID) : scopeProperty;
  return `select s.id::int as "sessionId", s.area as "sessionArea",
      nullif(s.property_id, ${CENTRAL_AREA_ID})::int as "sessionPropertyId",
      coalesce(s.last_used_at, s.created_at) < now() - make_interval(secs => ${SESSION_TOUCH_SECONDS}) as touch,
      extract(epoch from least(s.expires_at,
        coalesce(s.last_used_at, s.created_at) + make_interval(secs => ${SESSION_TOUCH_SECONDS})) - now())::float8
        as "freshFor",
      ${users.columns},
      (select c.property_id::int from patrol_check_ins c where c.user_area = '${area}' and c.user_id = u.id
        and c.checked_out_at is null) as "roundPropertyId"
    from sessions s left join (${users.table}) on s.area = '${area === 'central' ? 'central' : 'tenant'}'
      and u.id = s.user_id and ${inTenant}
    where s.property_id = ${areaProperty} and s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
      and coalesce(s.last_used_at, s.created_at) > now() - case when s.remember
        then make_interval(days => ${REMEMBER_IDLE_DAYS}) else make_interval(mins => ${SESSION_IDLE_MINUTES}) end`;
}

const SESSION_SQL = { central: sessionText('central'), tenant: sessionText('tenant') };

/** Parsed role permission lists by their text: a handful of roles, read on every signed-in request. */
const parsedPermissions = new Map<string, string[]>();
const parseTextArray = pg.types.getTypeParser(1009 as never /* text[] */, 'text') as (
  text: string,
) => string[];

function rolePermissionsOf(text: string | null): string[] | null {
  if (text === null) return null;
  let list = parsedPermissions.get(text);
  if (!list) {
    if (parsedPermissions.size >= 256) parsedPermissions.clear();
    list = Object.freeze(parseTextArray(text)) as string[];
    parsedPermissions.set(text, list);
  }
  return list;
}

type SessionRow = {
  sessionId: number;
  sessionArea: Area;
  sessionPropertyId: number | null;
  touch: boolean;
  roundPropertyId: number | null;
} & Omit<UserRow, 'id'> & { id: number | null };

/**
 * How long the session read by `sessionSql` may be trusted without reading it again (ms, decision 0034): until its
 * idle clock is due to be written (at most SESSION_TOUCH_SECONDS, long before it goes idle) or it expires.
 */
export const sessionFreshForMs = (rows: Record<string, unknown>[]) => Number(rows[0]?.freshFor) * 1000;

/** Writes a session's idle clock (its last use). */
export const touchSession = (tx: Tx, propertyId: number | null, sessionId: number) =>
  tx.execute(
    sql`update sessions set last_used_at = now() where property_id = ${areaPropertyId(propertyId)} and id = ${sessionId}`,
  );

/**
 * The signed-in user from the rows of `sessionSql`, or 401: no session, a session of another area or tenant, or
 * an inactive user. Writes the idle clock at most once a minute, with `touch` (touchSession in the request's
 * transaction, or in one of its own when that transaction ended with its opening).
 */
export async function sessionFrom(
  touch: (sessionId: number) => Promise<unknown>,
  rows: Record<string, unknown>[],
  area: Area,
  propertyId: number | null,
  languages: LanguageCode[],
): Promise<SessionUser> {
  const found = rows[0] as SessionRow | undefined;
  if (!found) throw new HttpError(401, 'errors.unauthenticated');
  if (found.sessionArea !== area || (found.sessionPropertyId ?? null) !== propertyId)
    throw new HttpError(401, 'errors.wrongArea');
  const row =
    found.id === null
      ? undefined
      : {
          ...found,
          id: found.id,
          rolePermissions: rolePermissionsOf(found.rolePermissions as string | null),
        };
  if (!row || !row.active) throw new HttpError(401, 'errors.unauthenticated');
  // The idle clock: the last use is written at most once a minute, not on every request.
  if (found.touch) await touch(found.sessionId);
  return {
    sessionId: found.sessionId,
    user: toAuthUser(row, languages),
    permissions: permissionsOf(row),
    active: true,
    twoFactor: isStaffType(row.type)
      ? { enabled: row.twoFactorEnabled, enrolmentRequired: row.twoFactorEnrolmentRequired }
      : null,
    roundPropertyId: found.roundPropertyId ?? null,
  };
}

export type { UserRow };
