import {
  FIRST_USER_REQUEST_TYPE_ID,
  PERMIT_REQUEST_TYPE_ID,
  SYSTEM_REQUEST_TYPES,
  type ListResponse,
  type OptionItem,
  type RequestItem,
  type RequestTypeItem,
} from '@parkade/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCentralUser, formPayload, headers, login } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { units } from '../units/table';

/*
 * Request types (decision 0049): a catalog central staff keep. The system types keep their ids (1 is the permit
 * asked for on /my/permits) and are never deleted; a type added centrally is offered to every requester in their
 * language, and a request names its type in the reader's.
 */
const s = tenantSuite({ role: 'manager' });
let admin: string;
let unitId: number;

const central = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang?: string) =>
  s.ctx.app.inject({ method, url: `/api/central${url}`, headers: headers({ token: admin, lang }), payload });

async function ask(token: string, fields: Record<string, string>, lang?: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/my/requests',
    headers: { ...headers({ tenant: s.code, token, lang }), 'content-type': contentType },
    payload,
  });
}

beforeAll(async () => {
  admin = await login(s.ctx, await createCentralUser(s.ctx.database, 'admin'));
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
});

describe('request types', () => {
  it('come with the system types at their stable ids, named in each language', async () => {
    const list = await ok<ListResponse<RequestTypeItem>>(await central('GET', '/request-types?sort=id'));
    expect(
      list.data.map(({ id, code, name, names, builtIn }) => ({ id, code, name, names, builtIn })),
    ).toEqual(
      SYSTEM_REQUEST_TYPES.map(({ id, code, name, names }) => ({ id, code, name, names, builtIn: true })),
    );
    expect(list.data.find((t) => t.id === PERMIT_REQUEST_TYPE_ID)?.code).toBe('permit');
  });

  it('a type added centrally is offered to residents and the desk in their language, and names its requests', async () => {
    const added = await central('POST', '/request-types', {
      code: 'bike-storage',
      name: 'Bike storage',
      names: { es: 'Guardabicicletas', zh: '自行车存放' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const made = added.json<RequestTypeItem>();
    expect(made.id).toBeGreaterThanOrEqual(FIRST_USER_REQUEST_TYPE_ID);
    expect(made.builtIn).toBe(false);

    const resident = await s.newResident(unitId);
    const offered = await ok<ListResponse<OptionItem>>(
      await s.call('GET', '/my/requests/types', undefined, { token: resident.token, lang: 'es' }),
    );
    // The catalog's order: the system types by their place, then the others by name.
    expect(offered.data.map((o) => o.label)).toEqual([
      ...SYSTEM_REQUEST_TYPES.map((t) => t.names.es),
      'Guardabicicletas',
    ]);
    const desk = await ok<ListResponse<OptionItem>>(
      await s.call('GET', '/requests/options/request-types?filter[term]=bike', undefined, { lang: 'zh' }),
    );
    expect(desk.data).toEqual([{ id: made.id, label: '自行车存放', detail: null }]);

    const asked = await ok<RequestItem>(
      await ask(resident.token, { typeId: String(made.id), subject: 'A rack', description: 'Where?' }),
    );
    expect(asked.type).toEqual({ id: made.id, code: 'bike-storage', name: 'Bike storage' });
    const read = await ok<RequestItem>(
      await s.call('GET', `/requests/${asked.id}`, undefined, { lang: 'es' }),
    );
    expect(read.type.name).toBe('Guardabicicletas');
    const filtered = await ok<ListResponse<RequestItem>>(
      await s.call('GET', `/requests?filter[typeId]=${made.id}`),
    );
    expect(filtered.data.map((r) => r.id)).toEqual([asked.id]);

    // In use, it stays: deleting it is refused, in the reader's language, and the request keeps its type.
    const refused = await central('DELETE', `/request-types/${made.id}`, undefined, 'es');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'No se puede eliminar este registro porque otros registros lo utilizan',
    );
  });

  it('an unknown type is the field’s error in the requester’s language; nothing is made', async () => {
    const resident = await s.newResident(unitId);
    const res = await ask(resident.token, { typeId: '99999', subject: 'S', description: 'D' }, 'es');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      typeId: ['El valor seleccionado no es válido'],
    });
    const mine = await ok<ListResponse<RequestItem>>(
      await s.call('GET', '/my/requests', undefined, { token: resident.token }),
    );
    expect(mine.data).toEqual([]);
  });

  it('of the system may be renamed but not deleted (409, translated)', async () => {
    const renamed = await ok<RequestTypeItem>(
      await central('PUT', `/request-types/${PERMIT_REQUEST_TYPE_ID}`, {
        code: 'permit',
        name: 'Parking permit',
      }),
    );
    expect(renamed).toMatchObject({ id: PERMIT_REQUEST_TYPE_ID, name: 'Parking permit', builtIn: true });
    const refused = await central('DELETE', `/request-types/${PERMIT_REQUEST_TYPE_ID}`, undefined, 'zh');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('这是系统申请类型，无法删除；可以重命名');
  });
});
