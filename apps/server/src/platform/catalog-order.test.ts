/**
 * A catalog's order (issue 36 §13, decision 0039): an entry may be given a place; lists and the forms' pickers show
 * the entries with one first, in that order, then the others by name. The seeded warning kinds come in the order
 * they are given ("First warning" before "Final warning"), not alphabetically.
 */
import type { ListResponse, OptionItem } from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../test/harness';

interface Item {
  id: number;
  code: string;
  name: string;
  position: number | null;
}

let ctx: TestContext;
let property: { id: number; code: string };
let admin: string;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  property = await createProperty(ctx.database);
  admin = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  manager = await login(ctx, await createTenantUser(ctx.database, property.id, 'manager'), property.code);
});
afterAll(() => ctx?.close());

const central = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url: `/api/central${url}`, headers: headers({ token: admin, lang }), payload });
const codes = async (url: string) => {
  const res = await central('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<Item>>().data.map((w) => w.code);
};
const pickerLabels = async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/tenant/api/permit-warnings/options/warnings?pageSize=100',
    headers: headers({ tenant: property.code, token: manager, lang: 'en' }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<OptionItem>>().data.map((o) => o.label);
};

describe('a catalog’s order', () => {
  it('lists and offers the seeded warning kinds in the order they are given', async () => {
    expect((await codes('/warnings?pageSize=100')).slice(0, 5)).toEqual([
      'first-warning',
      'second-warning',
      'final-warning',
      'sticker-notice',
      'tow-notice',
    ]);
    expect((await pickerLabels()).slice(0, 3)).toEqual(['First warning', 'Second warning', 'Final warning']);
    // By name on request, as before.
    expect((await codes('/warnings?pageSize=100&sort=name')).slice(0, 2)).toEqual([
      'final-warning',
      'first-warning',
    ]);
  });

  it('puts an entry given a place among them, one without after them by name; a PUT without it clears it', async () => {
    const made = await central('POST', '/warnings', {
      code: 'courtesy',
      name: 'Courtesy notice',
      position: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const courtesy = made.json<Item>();
    expect(courtesy.position).toBe(1);
    const other = await central('POST', '/warnings', { code: 'aaa-unplaced', name: 'Aaa unplaced' });
    expect(other.json<Item>().position).toBeNull();

    const order = await codes('/warnings?pageSize=100');
    // Two with place 1: the name breaks the tie ("Courtesy notice" before "First warning").
    expect(order.slice(0, 3)).toEqual(['courtesy', 'first-warning', 'second-warning']);
    expect(order.at(-1)).toBe('aaa-unplaced');
    expect((await pickerLabels()).at(-1)).toBe('Aaa unplaced');

    const replaced = await central('PUT', `/warnings/${courtesy.id}`, {
      code: 'courtesy',
      name: 'Courtesy notice',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<Item>().position).toBeNull();
    expect((await codes('/warnings?pageSize=100')).slice(0, 1)).toEqual(['first-warning']);
  });

  it('refuses a place that is not a whole number from 1, in the reader’s language', async () => {
    for (const position of [0, 1.5, 10_000]) {
      const res = await central(
        'POST',
        '/warnings',
        { code: `bad-${position}`, name: 'Bad', position },
        'es',
      );
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json<{ errors: Record<string, string[]> }>().errors;
      expect(Object.keys(errors)).toEqual(['position']);
      expect(errors.position![0]).not.toMatch(/validation\./);
    }
  });
});
