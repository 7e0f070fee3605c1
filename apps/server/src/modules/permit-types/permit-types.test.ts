import {
  FIRST_USER_PERMIT_TYPE_ID,
  RESERVED_SPOT_PERMIT_TYPE_ID,
  SYSTEM_PERMIT_TYPES,
  type ListResponse,
  type PermitTypeItem,
} from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentralUser, createTestContext, headers, login, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url: `/api/central${url}`, headers: headers({ token, lang }), payload });

describe('permit types', () => {
  it('come with the system types at their stable ids; 2 is the reserved spot', async () => {
    const list = (await call('GET', '/permit-types?sort=id')).json<ListResponse<PermitTypeItem>>().data;
    expect(list.map(({ id, code, name, builtIn }) => ({ id, code, name, builtIn }))).toEqual(
      SYSTEM_PERMIT_TYPES.map(({ id, code, name }) => ({ id, code, name, builtIn: true })),
    );
    expect(list.find((t) => t.id === RESERVED_SPOT_PERMIT_TYPE_ID)?.code).toBe('reserved-spot');
  });

  it('added by users get ids from 100 up and can be deleted', async () => {
    const res = await call('POST', '/permit-types', { code: 'contractor', name: 'Contractor' });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<PermitTypeItem>();
    expect(added.id).toBeGreaterThanOrEqual(FIRST_USER_PERMIT_TYPE_ID);
    expect(added.builtIn).toBe(false);
    expect((await call('DELETE', `/permit-types/${added.id}`)).statusCode).toBe(200);
  });

  it('of the system may be renamed but not deleted (409, translated)', async () => {
    const id = RESERVED_SPOT_PERMIT_TYPE_ID;
    const renamed = await call('PUT', `/permit-types/${id}`, {
      code: 'reserved-spot',
      name: 'Assigned spot',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<PermitTypeItem>()).toMatchObject({ id, name: 'Assigned spot', builtIn: true });

    const refused = await call('DELETE', `/permit-types/${id}`, undefined, 'es');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Este es un tipo de permiso del sistema y no se puede eliminar; puede cambiarle el nombre',
      errors: {},
      statusCode: 409,
    });
    expect((await call('GET', `/permit-types/${id}`)).json<PermitTypeItem>().name).toBe('Assigned spot');
  });
});
