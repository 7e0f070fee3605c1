import type { ApiError } from '@parkade/contract';

/** A call error, normalised (SPEC §8): message, field errors and status. Thrown by every API call. */
export class RequestError extends Error implements ApiError {
  errors: Record<string, string[]>;
  statusCode: number;
  /** The server's machine-readable reason, when it gives one (ERROR_CODES). */
  code?: string;
  constructor(message: string, statusCode: number, errors: Record<string, string[]> = {}, code?: string) {
    super(message);
    this.name = 'RequestError';
    this.statusCode = statusCode;
    this.errors = errors;
    if (code) this.code = code;
  }
}

type Translate = (key: string) => string;

/** The transport error keys of SPEC §8, by axios error code. */
const TRANSPORT: Record<string, string> = {
  ERR_NETWORK: 'errors.network',
  ECONNABORTED: 'errors.aborted',
  ERR_CANCELED: 'errors.aborted',
  ETIMEDOUT: 'errors.timeout',
  ERR_BAD_OPTION: 'errors.badRequest',
  ERR_BAD_OPTION_VALUE: 'errors.badRequest',
  ERR_NOT_SUPPORT: 'errors.unsupportedProtocol',
  ERR_INVALID_URL: 'errors.unsupportedProtocol',
  ERR_BAD_REQUEST: 'errors.badRequest',
  ERR_BAD_RESPONSE: 'errors.badResponse',
};

function isApiError(data: unknown): data is Partial<ApiError> & { message: string } {
  return (
    typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string'
  );
}

/**
 * Turns anything a call can throw into a RequestError. The server's own error shape is kept as it is (its
 * messages are already in the request's language); transport failures get a translated message; the default is
 * the unknown-error message with status 500.
 */
/** An answer with an error status, as a RequestError: the server's own error shape, else its status's message. */
export function fetchError(status: number, data: unknown, t: Translate): RequestError {
  if (isApiError(data)) {
    const errors = data.errors && typeof data.errors === 'object' ? data.errors : {};
    const code = typeof data.code === 'string' ? data.code : undefined;
    return new RequestError(data.message, data.statusCode ?? status, errors, code);
  }
  return new RequestError(t(status >= 500 ? 'errors.badResponse' : 'errors.badRequest'), status);
}

/** What axios throws (its errors carry `isAxiosError`; checked by shape so this module does not load axios). */
interface AxiosLikeError {
  isAxiosError: true;
  code?: string;
  message: string;
  response?: { status: number; data: unknown };
}
const isAxiosError = (err: unknown): err is AxiosLikeError =>
  typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;

export function normaliseError(err: unknown, t: Translate): RequestError {
  if (err instanceof RequestError) return err;
  if (isAxiosError(err)) {
    const status = err.response?.status;
    if (status) return fetchError(status, err.response?.data, t);
    if (err.code === 'ECONNABORTED' && /timeout/i.test(err.message))
      return new RequestError(t('errors.timeout'), 0);
    const key = (err.code && TRANSPORT[err.code]) ?? 'errors.network';
    // A transport failure has no HTTP status: 0 tells the retry policy "no status" (SPEC §8: not retried).
    return new RequestError(t(key), 0);
  }
  if (err instanceof Error && err.message) return new RequestError(err.message, 500);
  return new RequestError(t('errors.unknown'), 500);
}
