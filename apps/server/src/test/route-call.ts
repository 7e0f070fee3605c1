import { areaPropertyId } from '../platform/db/columns';
import { toFormData, type Area, type FormValue } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { sessions } from '../modules/auth/table';
import { newToken, tokenHash } from '../platform/auth';
import { query, type Database, type RowScope } from '../platform/db';
import { accessLabel } from '../platform/admission';
import type { MountedRoute } from '../platform/http';
import { formPayload, headers, type TestContext, type TestUser } from './harness';

/*
 * How the route harnesses (route-harness.test.ts, round-harness.test.ts) call a mounted route: a fresh session for
 * the caller, then the route's method and path with its params, the tenant header or the selected property, and a
 * JSON or multipart body.
 */

/** Route params that name a row: `:id`, `:residentId`, `:unit_id`. */
export const ID_LIKE = /^(id|.+Id|.+_id)$/;
/** An id no fixture reaches, for calls that only need to get past authorisation. */
export const ABSENT_ID = 2147483000;

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
export const idParams = (r: MountedRoute) => paramNames(r.url).filter((n) => ID_LIKE.test(n));
export const label = (r: MountedRoute) => `${r.method} ${r.url} [${accessLabel(r.access)}]`;

export interface Property {
  id: number;
  code: string;
}

/**
 * A fresh session for the user, as the login route stores it: each call that may act (log out, change
 * something) gets its own, so one route's side effects never leak into the next check.
 */
export async function sessionToken(db: Database, user: TestUser): Promise<string> {
  const t = newToken();
  const area: Area = user.propertyId === null ? 'central' : 'tenant';
  const scope: RowScope =
    user.propertyId === null ? { area: 'central' } : { area: 'tenant', propertyId: user.propertyId };
  await db.withScope(scope, (tx) =>
    tx.insert(sessions).values({
      tokenHash: tokenHash(t),
      area,
      propertyId: areaPropertyId(user.propertyId),
      userId: user.id,
      expiresAt: new Date(Date.now() + 3600_000),
    }),
  );
  return t;
}

export interface CallOptions {
  /** The tenant of a tenant route, or the property a central property-scoped route acts on (X-Property). */
  tenant: Property;
  token?: string;
  params?: Record<string, string | number>;
  body?: Record<string, unknown>;
}

/** Calls a mounted route as a client would: tenant header, bearer token, JSON or multipart body. */
export async function callRoute(ctx: TestContext, r: MountedRoute, o: CallOptions) {
  const url = r.url
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
      encodeURIComponent(String(o.params?.[name] ?? (ID_LIKE.test(name) ? ABSENT_ID : 'x'))),
    )
    .replace(/\*$/, 'x');
  // Params the path does not name go in the query string (a public route's `?token=`).
  const named = new Set([...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]));
  const extra = Object.entries(o.params ?? {}).filter(([k]) => !named.has(k));
  const query = extra.length
    ? `?${new URLSearchParams(extra.map(([k, v]) => [k, String(v)] as [string, string])).toString()}`
    : '';
  const h = headers({ tenant: r.area === 'tenant' ? o.tenant.code : undefined, token: o.token });
  // A central route that works on one property acts on the selected one (X-Property).
  if (r.area === 'central' && r.def.propertyScoped) h['x-property'] = String(o.tenant.id);
  if (r.def.multipart) {
    // Multipart routes get a multipart body; the POST twin of a PUT route carries its method override.
    const override = r.method !== r.def.method ? (r.def.method as 'PUT' | 'PATCH') : undefined;
    const { payload, contentType } = await formPayload(
      toFormData((o.body ?? {}) as Record<string, FormValue>, override),
    );
    return ctx.app.inject({
      method: r.method as 'POST',
      url,
      headers: { ...h, 'content-type': contentType },
      payload,
    });
  }
  const withBody = o.body !== undefined && r.method !== 'GET';
  return ctx.app.inject({
    method: r.method as 'GET',
    url: url + query,
    headers: h,
    ...(withBody ? { payload: o.body } : {}),
  });
}

/** The tables that hold a property's rows (a `property_id` column). */
export async function propertyTables(db: Database): Promise<string[]> {
  const { rows } = await db.executeSql(
    `select table_name as name from information_schema.columns
     where table_schema = 'public' and column_name = 'property_id' order by 1`,
  );
  return rows.map((r) => String(r.name));
}

/**
 * Every row of a property, in every table with a property_id, and its properties row: read in central scope, in one
 * statement (one subquery a table). Two snapshots equal: a call changed nothing of the property.
 */
export async function propertySnapshot(db: Database, tenantTables: string[], propertyId: number) {
  return db.withScope({ area: 'central' }, async (tx) => {
    const tables = [...tenantTables, 'properties'].map((table) => {
      const column = table === 'properties' ? 'id' : 'property_id';
      // The mail worker moves a queued mail's delivery state on its own, whenever it runs: not a change by a call —
      // its lease while it delivers (decision 0053), and the body it drops once the mail is sent.
      const volatile =
        table === 'mail_outbox'
          ? [
              'status',
              'sent_at',
              'attempts',
              'last_error',
              'smtp_response',
              'leased_until',
              'swept_at',
              'text',
              'html',
            ]
          : [];
      const dropped = volatile.length
        ? `array[${volatile.map((c) => `'${c}'`).join(',')}]`
        : 'array[]::text[]';
      return sql`${table}::text, (select coalesce(jsonb_agg(x order by x::text), '[]'::jsonb)
            from (select to_jsonb(t) - ${sql.raw(dropped)} as x from ${sql.identifier(table)} t
                  where ${sql.identifier(column)} = ${propertyId}) s)`;
    });
    const [row] = await query<{ rows: Record<string, unknown> }>(
      tx,
      sql`select jsonb_build_object(${sql.join(tables, sql`, `)}) as rows`,
    );
    return row!.rows;
  });
}
