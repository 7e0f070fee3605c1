import { RATE_LIMITS, type Area, type Language, type RateLimitName } from '@parkade/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { refuseForbiddenCharacters } from './input';
import { z, type ZodType } from 'zod';
import { accessLabel, admitted, bearer, checkAccess, scopeOf, type Access, type Gate } from './admission';
import type { Named, Tx } from './db';
import { HttpError, RequestValidationError } from './errors';
import type { FileAnswer } from './file-answer';
import { roundOnlyProblem, withoutLookupData } from './lookup-data';
import { createScope, type Scope, type Services } from './scope';
import { parseHost, type HostInfo } from './tenancy';
import { consume } from './throttle';
import { readMultipart, type MultipartBody, type UploadKind, type UploadedFile } from './uploads';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    hostInfo: HostInfo;
  }
}

export type { Access, Scope, Services };

export interface RouteSchema {
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  response?: Record<number, ZodType>;
}
type Out<T> = T extends ZodType ? z.output<T> : undefined;

/** A request's Scope, plus what only a route handler sees: the HTTP request and answer, and the uploaded files. */
export interface RouteContext extends Scope {
  req: FastifyRequest;
  reply: FastifyReply;
  files: UploadedFile[];
}

export interface RouteDef<S extends RouteSchema = RouteSchema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  areas: readonly Area[];
  access: Access;
  summary: string;
  tags?: string[];
  schema?: S;
  /** Reads multipart/form-data with the named upload policy; PUT routes then also accept POST + _method=PUT. */
  multipart?: UploadKind;
  /** An absolute path instead of the area prefixes (GET /api/health). */
  mountAt?: string;
  /**
   * The route works on one property's rows (buildings, spots, residents…). In the tenant area that is the host's
   * tenant; in the central area it is the selected property named by the `X-Property` header (its id), and the
   * transaction's row-level scope narrows to that property once the user is authenticated. ctx.property is set
   * in both areas. 'optional': centrally, without the header the route works on the central area's own rows
   * (ctx.property null), with it on the selected property's.
   */
  propertyScoped?: boolean | 'optional';
  /**
   * The schema that validates the body of this request when it depends on the property or the caller (form rules,
   * the manager rule of permits). `schema.body` still documents the route and types the handler's body.
   */
  bodySchema?(
    ctx: RouteContext,
    input: { query: Out<S['querystring']>; params: Out<S['params']> },
  ): Promise<ZodType> | ZodType;
  /**
   * A rate limit (RATE_LIMITS) for a route that costs much (PDFs, exports) or takes a secret from anyone (public token
   * links): counted per user when signed in, per address otherwise, before the handler runs; past it, 429.
   */
  rateLimit?: RateLimitName;
  /**
   * Open to a session that must enrol in two-factor sign-in before anything else (decision 0014): the enrolment
   * calls, the bootstrap, language and logout. Every other route answers such a session 403 with the code
   * `two-factor-enrolment-required`.
   */
  openDuringEnrolment?: boolean;
  /** Routes that never touch the database (health) skip the per-request transaction. */
  transaction?: boolean;
  /**
   * The answer carries lookup data (decision 0038: a plate lookup, the offline copy, the lookup kept with an
   * observation, a warning or a tow — in JSON or in a document). A patrol officer (`readsOnRound`) whose open check-in
   * is not at the request's property: a GET is refused before anything is read (409 `check-in-required`); a write
   * (an observation sent late from the phone's queue, a tow marked towed) runs, and its answer goes out with its
   * lookup data null. The route harness requires it of every route whose response schema holds lookup data.
   */
  roundOnly?: boolean;
  /**
   * A GET route's one read, sent with the transaction's opening so the request costs one round trip (decision
   * 0030): built from the valid query and params (null: none), its rows reach the handler as `input.read` once the
   * caller is admitted. The handler's ctx.tx is then ended: a further statement runs in a transaction of its own.
   * Where admission cannot send it (admitted), `input.read` is undefined and ctx.tx is the request's transaction.
   */
  read?(input: { query: Out<S['querystring']>; params: Out<S['params']> }): Named | null;
  handler(
    ctx: RouteContext,
    input: {
      body: Out<S['body']>;
      query: Out<S['querystring']>;
      params: Out<S['params']>;
      read?: Record<string, unknown>[];
    },
  ): Promise<unknown>;
}

/** Declares a route; its access rule sits beside its path. */
export function defineRoute<S extends RouteSchema>(def: RouteDef<S>): RouteDef<S> {
  if (def.read && (def.method !== 'GET' || def.rateLimit || def.multipart || def.bodySchema))
    throw new Error(`${def.method} ${def.url}: a read sent with the opening is for a plain GET route`);
  const wrong = roundOnlyProblem(def);
  if (wrong) throw new Error(`${def.method} ${def.url}: ${wrong}`);
  return def;
}

export const AREA_PREFIX: Record<Area, string> = { central: '/api/central', tenant: '/tenant/api' };

export interface MountedRoute {
  method: string;
  url: string;
  area: Area;
  access: Access;
  def: RouteDef;
}

function validate(schema: ZodType | undefined, data: unknown, part: string) {
  if (!schema) return data;
  // reportInput: issueToMessage tells a missing value (required) from a present but invalid one.
  const r = schema.safeParse(data, { reportInput: true });
  if (!r.success) throw new RequestValidationError(r.error.issues as RequestValidationError['issues'], part);
  return r.data;
}

/**
 * Reads a multipart body, but only once the caller may send it: the tenant, the token and the permission are
 * checked first, in a short transaction of their own, so an anonymous or forbidden upload is refused before its
 * first byte is read and no database connection waits on a slow upload. The request's own transaction checks
 * them again (a session may end in between).
 */
async function readUpload(
  services: Services,
  def: RouteDef,
  area: Area,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
): Promise<MultipartBody | undefined> {
  if (!def.multipart || !req.isMultipart()) return undefined;
  if (def.access !== 'public') {
    try {
      await admitted(services.database, def, area, req, token, async () => undefined);
    } catch (e) {
      // The refused body is not read: the connection closes after the answer instead of draining it.
      reply.header('connection', 'close');
      throw e;
    }
  }
  const body = await readMultipart(req, def.multipart);
  if (def.method !== 'POST' && req.method === 'POST') {
    const raw = body.fields._method;
    const override = (typeof raw === 'string' ? raw : '').toUpperCase();
    if (override !== def.method) throw new HttpError(405, 'errors.methodOverride', { method: def.method });
  }
  delete body.fields._method;
  return body;
}

/** Counts a request against an address in its own short transaction; past the limit, 429 (the count kept). */
async function limitAddress(
  services: Services,
  area: Area,
  key: string,
  limit: (typeof RATE_LIMITS)[RateLimitName],
) {
  let refused: unknown;
  await services.database.withScope(scopeOf(area), async (tx) => {
    try {
      await consume(tx, key, limit);
    } catch (e) {
      refused = e;
    }
  });
  if (refused) throw refused;
}

/**
 * The read a route sends with its opening (RouteDef.read), built from the request's query and params when they are
 * valid, with them as validated; otherwise none, and the handler's own validation answers after admission, as on
 * any route.
 */
function readOf(def: RouteDef, req: FastifyRequest) {
  if (!def.read) return null;
  try {
    refuseForbiddenCharacters({ params: req.params, query: req.query });
    const input = {
      query: validate(def.schema?.querystring, req.query, 'querystring'),
      params: validate(def.schema?.params, req.params, 'params'),
    };
    const statement = def.read(input);
    return statement ? { ...input, statement } : null;
  } catch {
    return null;
  }
}

/** Runs one request: tenancy, authentication, access, the handler, all in one scoped transaction. */
async function run(services: Services, def: RouteDef, area: Area, req: FastifyRequest, reply: FastifyReply) {
  // Headers name the tenant, the token and the selected property, read before anything else: checked first.
  refuseForbiddenCharacters({ headers: req.headers });
  const token = bearer(req);
  if (def.access !== 'public' && !token) {
    if (def.multipart) reply.header('connection', 'close');
    throw new HttpError(401, 'errors.unauthenticated');
  }
  // A public route's limit is counted per address first, in a statement of its own, so that callers behind one
  // address (a building's shared connection) never wait on each other's requests.
  if (def.rateLimit && def.access === 'public')
    await limitAddress(services, area, `rate:${def.rateLimit}:ip:${req.ip}`, RATE_LIMITS[def.rateLimit]);
  const multipart = await readUpload(services, def, area, req, reply, token);
  const early = readOf(def, req);
  let after: (() => unknown)[] = [];
  let undo: (() => unknown)[] = [];

  const exec = async (
    tx: Tx,
    { property, session, acting, offRound }: Gate,
    read?: Record<string, unknown>[],
  ) => {
    // A signed-in caller's limit is counted here, once admitted: one user's costly requests queue on its counter.
    if (def.rateLimit && def.access !== 'public' && session)
      await consume(
        tx,
        `rate:${def.rateLimit}:user:${area}:${property?.id ?? '-'}:${session.user.id}`,
        RATE_LIMITS[def.rateLimit],
      );
    if (def.multipart && !multipart) throw new HttpError(415, 'errors.unsupportedMediaType');
    // No text a request carries may hold control characters (decision 0015): refused before any schema or query.
    refuseForbiddenCharacters({
      params: req.params,
      query: req.query,
      body: multipart ? multipart.fields : req.body,
    });
    const params = early ? early.params : validate(def.schema?.params, req.params, 'params');
    const query = early ? early.query : validate(def.schema?.querystring, req.query, 'querystring');
    const { scope, hooks } = createScope({
      tx,
      services,
      area,
      property: property ?? acting,
      session,
      lang: req.lang,
      // The browser's zone (web request headers): times in messages name the property's zone where it differs.
      readerZone: typeof req.headers['x-time-zone'] === 'string' ? req.headers['x-time-zone'] : null,
      actor: { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, requestId: String(req.id) },
    });
    after = hooks.afterCommit;
    undo = hooks.onRollback;
    // The scope keeps its getters (propertyId): the request's parts are added to it, not spread into a copy.
    const ctx: RouteContext = Object.assign(scope, { req, reply, files: multipart?.files ?? [] });
    // A body whose rules depend on the property (form rules) or the caller is validated by `bodySchema`.
    const bodySchema = def.bodySchema ? await def.bodySchema(ctx, { query, params }) : def.schema?.body;
    const body = validate(bodySchema, multipart ? multipart.fields : req.body, 'body');
    const answer = await def.handler(ctx, { body, query, params, read });
    // A round-only write answered to an officer off round (a GET was refused at admission): no lookup data.
    const schema = def.schema?.response?.[200];
    return def.roundOnly && offRound && schema ? withoutLookupData(schema, answer) : answer;
  };

  let committedError: unknown;
  let result: unknown;
  try {
    if (def.transaction === false) {
      // Routes that never touch the database (health) are public and run without a transaction.
      checkAccess(def, null);
      result = await exec(undefined as unknown as Tx, {
        property: null,
        session: null,
        acting: null,
        offRound: false,
      });
    } else
      result = await admitted(
        services.database,
        def,
        area,
        req,
        token,
        async (tx, gate, read) => {
          try {
            return await exec(tx, gate, read);
          } catch (e) {
            // Errors marked `commit` keep the transaction's writes (audit of a failed login, throttle counters).
            if (e instanceof HttpError && e.commit) {
              committedError = e;
              return undefined;
            }
            throw e;
          }
        },
        early?.statement,
      );
  } catch (e) {
    for (const fn of undo) {
      try {
        await fn();
      } catch (err) {
        req.log.error({ err }, 'rollback task failed');
      }
    }
    throw e;
  }
  if (committedError) throw committedError;
  for (const fn of after) {
    try {
      await fn();
    } catch (err) {
      req.log.error({ err }, 'after-commit task failed');
    }
  }
  return result;
}

const camel = (words: string[]) =>
  words
    .flatMap((w) => w.split(/[-_.]/))
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join('');

/**
 * A stable, unique name for an operation of the API document, for clients generated from it: area, resource, then
 * the method and the rest of the path, parameters as `By…` — `tenant.residents.get`,
 * `tenant.residents.putByIdStatus`, `central.auth.postLogin`. Unique because a method and a path are.
 */
export function operationIdOf(area: Area, method: string, url: string): string {
  const [resource = 'api', ...rest] = url.split('/').filter(Boolean);
  const words = rest.map((seg) => (seg.startsWith(':') ? `by-${seg.slice(1)}` : seg));
  return `${area}.${camel([resource])}.${camel([method.toLowerCase(), ...words])}`;
}

/** The tag of a route in the API document: its own, or the first segment of its path. */
export const tagsOf = (def: RouteDef): string[] => def.tags ?? [def.url.split('/')[1] ?? 'api'];

/** Mounts route definitions under each area's prefix, and records them for the route harness. */
export function mountRoutes(app: FastifyInstance, services: Services, defs: RouteDef[]): MountedRoute[] {
  const mounted: MountedRoute[] = [];
  for (const def of defs) {
    for (const area of def.areas) {
      const url = def.mountAt ?? AREA_PREFIX[area] + def.url;
      const methods: HTTPMethods[] = [def.method];
      if (def.multipart && (def.method === 'PUT' || def.method === 'PATCH')) methods.push('POST');
      for (const method of methods) {
        app.route({
          method,
          url,
          schema: {
            summary: def.summary,
            operationId: operationIdOf(area, method, def.mountAt ?? def.url),
            tags: tagsOf(def),
            ...(def.schema?.params ? { params: def.schema.params } : {}),
            ...(def.schema?.querystring ? { querystring: def.schema.querystring } : {}),
            ...(def.schema?.body && !def.multipart ? { body: def.schema.body } : {}),
            ...(def.schema?.response ? { response: def.schema.response } : {}),
            ...(def.access !== 'public' ? { security: [{ bearer: [] }] } : {}),
            ...(area === 'tenant'
              ? { headers: z.object({ 'x-tenant': z.string().optional() }).loose() }
              : def.propertyScoped
                ? { headers: z.object({ 'x-property': z.string().optional() }).loose() }
                : {}),
            description: `Area: ${area}. Access: ${accessLabel(def.access)}.${area === 'central' && def.propertyScoped ? (def.propertyScoped === 'optional' ? ' With the X-Property header (its id), acts on that property; without it, on the central area.' : ' Acts on the property named by the X-Property header (its id).') : ''}${def.roundOnly ? ' Round-only: a patrol officer not checked in at the property is refused a read (409 check-in-required) and gets a write answered without its lookup data.' : ''}${def.multipart ? ` multipart/form-data (${def.multipart} policy).` : ''}${method === 'POST' && def.method !== 'POST' ? ' Method override: send _method=' + def.method + '.' : ''}`,
          },
          // Validation happens inside the handler so errors share one path and one language.
          validatorCompiler: () => (data: unknown) => ({ value: data }),
          handler: (req, reply) => run(services, def, area, req, reply),
        });
        mounted.push({ method, url, area, access: def.access, def: def });
      }
    }
  }
  return mounted;
}

export { parseHost };

/** The raw query string of a request, as list resources and exports read it. */
export const queryOf = (req: FastifyRequest): string => req.url.split('?').slice(1).join('?');

/** Sends a service's file with its headers: never cached by proxies, never sniffed. */
export function sendFile<B>(reply: FastifyReply, file: FileAnswer<B>): B {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.disposition)
    .header('cache-control', file.cacheControl ?? 'private, no-cache')
    .header('x-content-type-options', 'nosniff');
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  return file.body;
}
