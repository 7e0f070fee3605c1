import { issueToMessage, type ApiError, type Language } from '@parkade/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasKey, t } from './i18n';

type Params = Record<string, string | number>;

/** A field error before translation: a key and its parameters. */
export interface FieldMessage {
  key: string;
  params?: Params;
}

/**
 * Every failure the API reports. `message` and field errors are translation keys; the error handler
 * renders them in the request's language. `commit` keeps the request's transaction (e.g. a failed login
 * must still record its audit entry and throttle counter).
 */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    public messageKey: string,
    public params?: Params,
    public fields: Record<string, FieldMessage[]> = {},
    public commit = false,
    public headers: Record<string, string> = {},
  ) {
    super(messageKey);
  }

  /** A machine-readable reason for the answer's `code` (the contract's ERROR_CODES). */
  code?: string;
  withCode(code: string): this {
    this.code = code;
    return this;
  }
}

export const badRequest = (key: string, params?: Params, fields?: Record<string, FieldMessage[]>) =>
  new HttpError(400, key, params, fields);
export const unauthenticated = (key = 'errors.unauthenticated') => new HttpError(401, key);
export const forbidden = () => new HttpError(403, 'errors.forbidden');
/**
 * 403 on reading a record one may not see (SPEC §8 "no permission to view entity"): "You do not have permission to
 * view this permit", the entity named when it has a name (`entities.<table>`), else the generic refusal.
 */
export const forbiddenToView = (entity: string) =>
  hasKey(`entities.${entity}`) ? new HttpError(403, 'errors.noPermissionToView', { entity }) : forbidden();
export const notFound = (entity?: string) =>
  entity ? new HttpError(404, 'errors.entityNotFound', { entity }) : new HttpError(404, 'errors.notFound');
/** One or more fields are invalid: 422 with the field map. */
export const invalid = (fields: Record<string, FieldMessage[]>) =>
  new HttpError(422, 'errors.validation', undefined, fields);
export const fieldError = (field: string, key: string, params?: Params) =>
  invalid({ [field]: [{ key, params }] });

/** Validation failure of a request part (body, query, params, headers), raised by our zod validator. */
export class RequestValidationError extends Error {
  statusCode = 422;
  constructor(
    public issues: { path: PropertyKey[]; code: string; message: string; [k: string]: unknown }[],
    public part: string,
  ) {
    super('errors.validation');
  }
}

export interface PgErrorLike {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  message?: string;
  cause?: unknown;
}

/** The PostgreSQL error behind a driver or ORM error (pg and PGlite both carry `code`). */
export function pgError(err: unknown): PgErrorLike | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const x = e as PgErrorLike;
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) return x;
    e = x.cause;
  }
  return undefined;
}

/**
 * Whether an error means the database cannot be reached now (decision 0036): a connection refused, cut or timed out,
 * or the server shutting down or starting (SQLSTATE class 08, 57P01–57P03, too many connections). The request
 * changed nothing (its transaction never committed) and may be tried again: 503, never 500.
 */
export function databaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const x = e as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof x.code === 'string' ? x.code : '';
    if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code))
      return true;
    const message = typeof x.message === 'string' ? x.message : '';
    if (
      /^Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed/.test(
        message,
      )
    )
      return true;
    e = x.cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * Message parameters in the request's language: an `entity` parameter (notFound('zones')) is replaced by its
 * translated name when the key `entities.<entity>` exists ("The zone was not found", "未找到该区域").
 */
function renderParams(lang: Language, params?: Params): Params | undefined {
  const entity = params?.entity;
  if (typeof entity !== 'string' || !hasKey(`entities.${entity}`)) return params;
  return { ...params, entity: t(lang, `entities.${entity}`) };
}

function renderFields(lang: Language, fields: Record<string, FieldMessage[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, msgs] of Object.entries(fields)) out[field] = msgs.map((m) => t(lang, m.key, m.params));
  return out;
}

export function issuesToFields(issues: RequestValidationError['issues']): Record<string, FieldMessage[]> {
  const fields: Record<string, FieldMessage[]> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    const msg = issueToMessage(issue);
    (fields[field] ??= []).push(msg);
  }
  return fields;
}

/** Turns anything thrown into the one error shape, never a 500 for bad input. */
export function toApiError(
  err: unknown,
  lang: Language,
): { body: ApiError; headers: Record<string, string> } {
  if (err instanceof HttpError) {
    return {
      body: {
        message: t(lang, err.messageKey, renderParams(lang, err.params)),
        errors: renderFields(lang, err.fields),
        statusCode: err.statusCode,
        ...(err.code ? { code: err.code } : {}),
      },
      headers: err.headers,
    };
  }
  if (err instanceof RequestValidationError) {
    return {
      body: {
        message: t(lang, 'errors.validation'),
        errors: renderFields(lang, issuesToFields(err.issues)),
        statusCode: 422,
      },
      headers: {},
    };
  }
  if (pgError(err)?.code === '57014')
    // A statement canceled past its bound (DB_STATEMENT_TIMEOUT_MS): the transaction rolled back, nothing changed.
    return {
      body: { message: t(lang, 'errors.tooSlow'), errors: {}, statusCode: 503 },
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) },
    };
  if (databaseUnavailable(err))
    return {
      body: { message: t(lang, 'errors.unavailable'), errors: {}, statusCode: 503 },
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) },
    };
  const pge = pgError(err);
  if (pge?.code) {
    const mapped: Record<string, [number, string]> = {
      '23505': [409, 'validation.inUse'],
      '23503': [422, 'validation.invalidSelection'],
      '23514': [422, 'errors.validation'],
      '22P02': [400, 'validation.format'],
      '22003': [400, 'validation.format'],
      '22007': [400, 'validation.date'],
      '22008': [400, 'validation.date'],
      '22001': [400, 'validation.format'],
      '40001': [409, 'errors.conflict'],
      '40P01': [409, 'errors.conflict'],
      '23P01': [409, 'errors.conflict'],
    };
    // A foreign key refuses either a missing parent (insert/update) or the removal of a row still referenced
    // (update/delete of the parent): the second is a conflict with other records, not bad input.
    const referenced = pge.code === '23503' && /^update or delete on table/.test(pge.message ?? '');
    const hit = referenced ? ([409, 'errors.stillReferenced'] as [number, string]) : mapped[pge.code];
    if (hit) return { body: { message: t(lang, hit[1]), errors: {}, statusCode: hit[0] }, headers: {} };
  }
  const fe = err as Partial<FastifyError> & { statusCode?: number };
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return {
      body: { message: t(lang, 'errors.unsupportedMediaType'), errors: {}, statusCode: 415 },
      headers: {},
    };
  if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE')
    return { body: { message: t(lang, 'errors.payloadTooLarge'), errors: {}, statusCode: 413 }, headers: {} };
  if (status === 429)
    return {
      body: { message: t(lang, 'errors.tooManyAttempts', { minutes: 1 }), errors: {}, statusCode: 429 },
      headers: {},
    };
  if (status >= 400 && status < 500) {
    return {
      body: {
        message: t(lang, 'errors.malformedBody', { reason: fe.message ?? '' }),
        errors: {},
        statusCode: status,
      },
      headers: {},
    };
  }
  return { body: { message: t(lang, 'errors.unknown'), errors: {}, statusCode: 500 }, headers: {} };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const { body, headers } = toApiError(err, req.lang);
  if (body.statusCode === 503) req.log.warn({ err }, 'database unavailable');
  else if (body.statusCode >= 500) req.log.error({ err }, 'request failed');
  else req.log.info({ statusCode: body.statusCode, message: body.message }, 'request refused');
  void reply.headers(headers).code(body.statusCode).send(body);
}
