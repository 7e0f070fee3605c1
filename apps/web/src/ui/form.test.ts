import { modelBody, towBody, zoneBody } from '@parkade/contract';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../platform/errors';
import { contractResolver } from './contract-resolver';
import { applyServerErrors, fieldErrorsOf, formMessage, placeServerErrors } from './form';

const t = (key: string, params?: Record<string, string | number>) =>
  params ? `${key}:${JSON.stringify(params)}` : key;
// What react-hook-form hands a resolver; these tests call the resolver the way the form does.
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues> as never;

describe('server field errors → form fields', () => {
  it('puts each message on its field, array items on the array, the rest in the general message', () => {
    const placed = placeServerErrors(
      {
        code: ['This value is already in use'],
        'zipCodes.2': ['The postal code must be 5 digits'],
        'zipCodes.4': ['The postal code must be 5 digits'],
        'filter[term]': ['Unknown parameter'],
        name: [],
      },
      ['code', 'name', 'county', 'cities', 'zipCodes'],
    );
    expect(placed.fields).toEqual([
      { name: 'code', message: 'This value is already in use' },
      { name: 'zipCodes', message: 'The postal code must be 5 digits' },
    ]);
    expect(placed.other).toEqual(['Unknown parameter']);
  });

  it('prefers the longest field name a nested key starts with', () => {
    expect(placeServerErrors({ 'email.smtp.host': ['x'] }, ['email', 'email.smtp']).fields).toEqual([
      { name: 'email.smtp', message: 'x' },
    ]);
  });

  it('sets the fields (focus on the first) and returns the server message for the alert', () => {
    const set: [string, string, boolean | undefined][] = [];
    const err = new RequestError('The given data was invalid', 422, {
      code: ['taken'],
      makeId: ['not found'],
      extra: ['other'],
    });
    const out = applyServerErrors(err, ['code', 'name', 'makeId'], (name, e, o) =>
      set.push([name, e.message, o?.shouldFocus]),
    );
    expect(set).toEqual([
      ['code', 'taken', true],
      ['makeId', 'not found', false],
    ]);
    expect(out).toEqual({ general: 'The given data was invalid — other', statusCode: 422 });
    expect(applyServerErrors(new Error('boom'), [], () => {}).general).toBe('boom');
  });

  it('does not repeat in the alert a message already shown under its field (a refused visitor limit)', () => {
    const limit = 'Limit reached: ask the property staff';
    const err = new RequestError(limit, 422, { residentId: [limit] });
    const set: string[] = [];
    const out = applyServerErrors(err, ['residentId'], (name) => set.push(name));
    expect(set).toEqual(['residentId']);
    expect(out.general).toBe('');
  });
});

describe('a multipart form kept in plain state', () => {
  it("puts each field's first message under it; the alert only when no field took one", () => {
    const err = new RequestError('The given data was invalid', 422, {
      subject: ['Too long', 'Other'],
      'files.0': ['Not an image'],
      unitId: ['Unknown unit'],
    });
    expect(fieldErrorsOf(err, ['subject', 'description', 'files'])).toEqual({
      fields: { subject: 'Too long', files: 'Not an image' },
      problem: null,
    });
    const none = new RequestError('Too many requests', 429, { unitId: ['Unknown unit'] });
    expect(fieldErrorsOf(none, ['subject'])).toEqual({
      fields: {},
      problem: 'Too many requests — Unknown unit',
    });
    expect(fieldErrorsOf(new Error('offline'), ['subject'])).toEqual({ fields: {}, problem: 'offline' });
  });
});

describe('contract schema messages in forms', () => {
  it('keeps our own keys, turns other zod issues into keys with params, and leaves server text alone', () => {
    expect(formMessage('validation.postalCode', t)).toBe('validation.postalCode');
    // A resource's own message key is translated too; zod's English sentences pass through.
    const upper = (key: string) => key.toUpperCase();
    expect(formMessage('properties.mailAllOrNone', upper)).toBe('PROPERTIES.MAILALLORNONE');
    expect(formMessage('Invalid input: expected string', upper)).toBe('Invalid input: expected string');
    expect(formMessage('{"key":"validation.max","params":{"max":50}}', t)).toBe('validation.max:{"max":50}');
    expect(formMessage('Ya está en uso', t)).toBe('Ya está en uso');
    expect(formMessage(undefined, t)).toBeUndefined();
  });

  it('validates a zone with the contract schema: required, max 50 on the code, 5-digit zip codes', async () => {
    const resolve = contractResolver(zoneBody);
    const bad = await resolve(
      { name: ' ', code: 'x'.repeat(51), county: '', cities: ['Austin'], zipCodes: ['78701', '7870'] },
      undefined,
      options,
    );
    const errors = bad.errors as Record<string, { message?: string } & Record<string, { message?: string }>>;
    expect(formMessage(errors.name?.message, t)).toBe('validation.required');
    expect(formMessage(errors.code?.message, t)).toBe('validation.max:{"max":50}');
    expect(formMessage(errors.county?.message, t)).toBe('validation.required');
    expect(formMessage(errors.zipCodes?.['1']?.message, t)).toBe('validation.postalCode');

    const good = await resolve(
      { name: ' North ', code: '', county: 'Travis', cities: [], zipCodes: ['78701', '78701'] },
      undefined,
      options,
    );
    expect(good.errors).toEqual({});
    // The parsed output is what is sent: trimmed, duplicates dropped, a blank code left to the server.
    expect(good.values).toEqual({
      name: 'North',
      code: undefined,
      names: {},
      // No place in the catalog's order given (issue 36 §13).
      position: null,
      county: 'Travis',
      cities: [],
      zipCodes: ['78701'],
      zipCodesByCity: {},
    });
  });

  it('asks for a make and checks tow dates', async () => {
    const model = await contractResolver(modelBody)(
      { code: 'civic', name: 'Civic', makeId: null as unknown as number },
      undefined,
      options,
    );
    expect(formMessage((model.errors as Record<string, { message?: string }>).makeId?.message, t)).toBe(
      'validation.required',
    );
    const tow = await contractResolver(towBody)(
      {
        code: 'impound',
        name: 'Impound',
        towAuthorizationDate: 'invalid',
        readyToTowAt: '2026-03-01T10:00:00-06:00',
      },
      undefined,
      options,
    );
    const errors = tow.errors as Record<string, { message?: string }>;
    expect(formMessage(errors.towAuthorizationDate?.message, t)).toBe('validation.date');
    expect(errors.readyToTowAt).toBeUndefined();
  });
});
