import { parseHost, type Area, type HostInfo } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { query, type Opening, type Tx } from './db';
import { HttpError } from './errors';

export interface TenantProperty {
  id: number;
  code: string;
  name: string;
  languages: string[];
  /** Free text, an ISO code by default (`US`): national phone numbers are read in it (contract phoneCountry). */
  country: string | null;
  /** The property's IANA time zone: every date it shows is in it (decision 0039 §12). */
  timeZone: string;
  accessDomain: string | null;
  visitorDomain: string | null;
  active: boolean;
}

export { parseHost, type HostInfo };

/** The API area from the URL prefix. */
export function areaOf(url: string): Area | undefined {
  if (url.startsWith('/api/central/') || url === '/api/central') return 'central';
  if (url.startsWith('/tenant/api/') || url === '/tenant/api') return 'tenant';
  return undefined;
}

/** What a tenant code can look like (lower case): anything else names no property and never reaches SQL. */
const TENANT_CODE_SHAPE = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** The tenant code of a tenant-API request (X-Tenant), or 400 when missing, 404 when it cannot be a code. */
export function tenantCodeOf(headerValue: string | undefined): string {
  const code = headerValue?.trim().toLowerCase();
  if (!code) throw new HttpError(400, 'errors.tenantMissing');
  if (!TENANT_CODE_SHAPE.test(code))
    throw new HttpError(404, 'errors.tenantUnknown', { code: code.slice(0, 63) });
  return code;
}

/**
 * The statement that finds the tenant by its code and sets the transaction's row-level scope to it, as SQL text
 * for a transaction's opening (platform/db `open`); `code` comes from tenantCodeOf, so it holds no quote.
 */
export function tenantSql(code: string): Opening {
  if (!TENANT_CODE_SHAPE.test(code)) throw new Error('tenantSql takes a code checked by tenantCodeOf');
  return { name: 'parkade_tenant', params: [code], text: TENANT_SQL };
}

const TENANT_SQL = `select p.id::int as id, p.code, p.name, p.languages, p.country, p.timezone as "timeZone", p.access_domain as "accessDomain",
      p.visitor_domain as "visitorDomain", p.active,
      set_config('app.property_id', p.id::text, true) as _pid, set_config('app.scope', 'tenant', true) as _scope
    from properties p where lower(p.code) = $1`;

/**
 * The tenant from the rows of `tenantSql`, or 404 when there is none or it is inactive; 400 when the host names
 * another property.
 */
export async function tenantFrom(
  /** Reads in the request's transaction, or in one of its own (propertyForHost reads no tenant's rows). */
  read: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  rows: Record<string, unknown>[],
  code: string,
  host: HostInfo,
): Promise<TenantProperty> {
  const property = rows[0] as TenantProperty | undefined;
  if (!property || !property.active) throw new HttpError(404, 'errors.tenantUnknown', { code });
  if (host.kind === 'subdomain' && host.code !== code)
    throw new HttpError(400, 'errors.tenantMismatch', { header: code, host: host.code });
  if (
    host.kind === 'custom' &&
    host.host !== property.accessDomain?.toLowerCase() &&
    host.host !== property.visitorDomain?.toLowerCase()
  ) {
    // A host that is another property's own domain must not reach this one; other hosts (an IP, a proxy) may.
    const other = await read((tx) => propertyForHost(tx, host));
    if (other) throw new HttpError(400, 'errors.tenantMismatch', { header: code, host: host.host });
  }
  return property;
}

/** The property a host name reaches (subdomain code or one of its extra domains), for the web app's bootstrap. */
export async function propertyForHost(
  tx: Tx,
  host: HostInfo,
): Promise<{ id: number; code: string; name: string } | null> {
  if (host.kind === 'central') return null;
  const rows =
    host.kind === 'subdomain'
      ? await query<{ id: number; code: string; name: string }>(
          tx,
          sql`select id::int as id, code, name from properties where lower(code) = ${host.code} and active`,
        )
      : await query<{ id: number; code: string; name: string }>(
          tx,
          sql`select id::int as id, code, name from properties where (lower(access_domain) = ${host.host} or lower(visitor_domain) = ${host.host}) and active`,
        );
  return rows[0] ?? null;
}

/** A property by id as a scope's tenant (jobs and tests, which know the id), or null when there is none. */
export async function propertyById(tx: Tx, id: number): Promise<TenantProperty | null> {
  const rows = await query<TenantProperty>(
    tx,
    sql`select p.id::int as id, p.code, p.name, p.languages, p.country, p.timezone as "timeZone", p.access_domain as "accessDomain",
      p.visitor_domain as "visitorDomain", p.active from properties p where p.id = ${id}`,
  );
  return rows[0] ?? null;
}
