import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { normaliseError, RequestError } from './errors';

const t = (key: string) => `t:${key}`;
const config = { headers: new AxiosHeaders() };
const response = (status: number, data: unknown): AxiosResponse => ({
  status,
  statusText: '',
  data,
  headers: {},
  config,
});
const axiosError = (code: string | undefined, message = 'failed', res?: AxiosResponse) =>
  new AxiosError(message, code, config, {}, res);

describe('error normaliser (SPEC §8)', () => {
  it('keeps the server’s own shape: message, field errors and status', () => {
    const err = normaliseError(
      axiosError(
        'ERR_BAD_REQUEST',
        'Request failed with status code 422',
        response(422, {
          message: 'The given data was invalid',
          errors: { email: ['Invalid email format'] },
          statusCode: 422,
        }),
      ),
      t,
    );
    expect(err).toBeInstanceOf(RequestError);
    expect(err.message).toBe('The given data was invalid');
    expect(err.errors).toEqual({ email: ['Invalid email format'] });
    expect(err.statusCode).toBe(422);
  });

  it('takes the HTTP status when the body names none, and an empty errors map when it has none', () => {
    const err = normaliseError(
      axiosError('ERR_BAD_REQUEST', 'x', response(404, { message: 'Not Found' })),
      t,
    );
    expect([err.message, err.statusCode, err.errors]).toEqual(['Not Found', 404, {}]);
  });

  it('names the status class when the body is not ours', () => {
    expect(normaliseError(axiosError('ERR_BAD_RESPONSE', 'x', response(502, '<html>')), t)).toMatchObject({
      message: 't:errors.badResponse',
      statusCode: 502,
    });
    expect(normaliseError(axiosError('ERR_BAD_REQUEST', 'x', response(413, 'too big')), t)).toMatchObject({
      message: 't:errors.badRequest',
      statusCode: 413,
    });
  });

  it('turns transport failures into translated messages without a status', () => {
    const cases: [string, string][] = [
      ['ERR_NETWORK', 'errors.network'],
      ['ERR_CANCELED', 'errors.aborted'],
      ['ECONNABORTED', 'errors.aborted'],
      ['ETIMEDOUT', 'errors.timeout'],
      ['ERR_NOT_SUPPORT', 'errors.unsupportedProtocol'],
      ['ERR_BAD_OPTION', 'errors.badRequest'],
    ];
    for (const [code, key] of cases) {
      const err = normaliseError(axiosError(code, 'x'), t);
      expect([err.message, err.statusCode], code).toEqual([`t:${key}`, 0]);
    }
    expect(normaliseError(axiosError('ECONNABORTED', 'timeout of 30000ms exceeded'), t).message).toBe(
      't:errors.timeout',
    );
    expect(normaliseError(axiosError(undefined, 'x'), t).message).toBe('t:errors.network');
  });

  it('defaults to the unknown-error message with status 500', () => {
    expect(normaliseError('something odd', t)).toMatchObject({
      message: 't:errors.unknown',
      statusCode: 500,
    });
    expect(normaliseError(undefined, t)).toMatchObject({
      message: 't:errors.unknown',
      statusCode: 500,
      errors: {},
    });
    expect(normaliseError(new Error('boom'), t)).toMatchObject({ message: 'boom', statusCode: 500 });
  });

  it('passes a RequestError through unchanged', () => {
    const original = new RequestError('No tenant', 400, { x: ['y'] });
    expect(normaliseError(original, t)).toBe(original);
  });
});
