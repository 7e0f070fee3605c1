import type { TowItem } from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentralUser, createTestContext, headers, login, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
});
afterAll(() => ctx?.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object, lang?: string) =>
  ctx.app.inject({ method, url: `/api/central${url}`, headers: headers({ token, lang }), payload });

describe('tows', () => {
  it('keep a tow authorization date and a ready-to-tow time; PUT without them clears both', async () => {
    const res = await call('POST', '/tows', {
      code: 'night-tow',
      name: 'Night tow',
      towAuthorizationDate: '2026-03-01',
      readyToTowAt: '2026-03-02T08:30:00-06:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const tow = res.json<TowItem>();
    expect(tow).toMatchObject({
      towAuthorizationDate: '2026-03-01',
      readyToTowAt: '2026-03-02T14:30:00.000Z',
    });

    const cleared = await call('PUT', `/tows/${tow.id}`, { code: 'night-tow', name: 'Night tow' });
    expect(cleared.json<TowItem>()).toMatchObject({ towAuthorizationDate: null, readyToTowAt: null });
  });

  it('refuse dates that are not ISO dates, on their fields', async () => {
    const res = await call(
      'POST',
      '/tows',
      { code: 'bad-dates', name: 'Bad', towAuthorizationDate: '2026-02-30', readyToTowAt: 'tomorrow' },
      'es',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      towAuthorizationDate: ['Fecha inválida'],
      readyToTowAt: ['Fecha inválida'],
    });
  });
});
