/**
 * A catalog entry's name per language (issue 36 §9, decision 0039): the default name (`name`, required) and the
 * names in the other languages (`names`), read in the request's language (`displayName`, else the default name) by
 * the catalog's list and record and by the forms' options reads, sorted and searched as the reader reads them; the
 * seeds ship Spanish and Chinese names, and an installation made before names existed gets them on its next start.
 */
import type { ListResponse, OptionItem } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binnacle } from '../modules/binnacle/table';
import { reasons } from '../modules/reasons/table';
import { seedReasons } from '../modules/reasons/seed';
import type { Tx } from './db';
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
  names: Record<string, string>;
  displayName: string;
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

type Method = 'GET' | 'POST' | 'PUT';
const central = (method: Method, url: string, lang?: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/central${url}`, headers: headers({ token: admin, lang }), payload });
const tenant = (url: string, lang: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/tenant/api${url}`,
    headers: headers({ tenant: property.code, token: manager, lang }),
  });
const list = async (url: string, lang?: string) => {
  const res = await central('GET', url, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<Item>>().data;
};
const LANGS = ['en', 'es', 'zh'] as const;

describe("a catalog entry's name per language (issue 36 §9)", () => {
  it("reads the seeded entries in the reader's language; the default name stays the default", async () => {
    const expected = { en: 'Expired permit', es: 'Permiso vencido', zh: '停车证已过期' };
    for (const lang of LANGS) {
      const [reason] = await list('/reasons?filter[code]=expired-permit', lang);
      expect(reason).toMatchObject({
        name: 'Expired permit',
        names: { es: 'Permiso vencido', zh: '停车证已过期' },
        displayName: expected[lang],
      });
    }
    // The permit type of the issue, on its record and its list, and a warning type and a tow.
    expect((await central('GET', '/permit-types/1', 'es')).json<Item>().displayName).toBe('Residente');
    expect((await central('GET', '/permit-types/1', 'zh')).json<Item>().displayName).toBe('住户');
    expect((await list('/warnings?filter[code]=final-warning', 'es'))[0]!.displayName).toBe('Aviso final');
    expect((await list('/tows?filter[code]=standard-tow', 'zh'))[0]!.displayName).toBe('标准拖车');
    // A state whose Spanish name is its English one shows the default name in Spanish.
    expect((await list('/states?filter[code]=TX', 'es'))[0]).toMatchObject({ displayName: 'Texas' });
    expect((await list('/states?filter[code]=NY', 'es'))[0]).toMatchObject({ displayName: 'Nueva York' });
  });

  it('sorts by the name the reader reads, and finds an entry by its name in any language', async () => {
    const tag = `srt${process.pid}`;
    for (const [name, es] of [
      ['Alpha', 'Zorro'],
      ['Beta', 'Abeja'],
    ])
      expect(
        (await central('POST', '/reasons', 'en', { code: `${tag}-${name}`, name, names: { es } })).statusCode,
      ).toBe(201);
    const order = async (lang: string) =>
      (await list(`/reasons?filter[term]=${tag}&sort=name`, lang)).map((r) => r.displayName);
    expect(await order('en')).toEqual(['Alpha', 'Beta']);
    expect(await order('es')).toEqual(['Abeja', 'Zorro']);
    // zh has no names: the default names, in their order.
    expect(await order('zh')).toEqual(['Alpha', 'Beta']);
    expect((await list('/reasons?filter[term]=zorro', 'en')).map((r) => r.name)).toEqual(['Alpha']);
    expect((await list('/reasons?filter[term]=停车证已过期', 'en')).map((r) => r.code)).toEqual([
      'expired-permit',
    ]);
  });

  it('takes the names on create and replace: a blank one is dropped, a missing one reads as the default', async () => {
    const code = `nm${process.pid}`;
    const created = await central('POST', '/warnings', 'es', {
      code,
      name: 'Courtesy notice',
      names: { es: ' Aviso de cortesía ', zh: '  ' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<Item>();
    expect(item).toMatchObject({ names: { es: 'Aviso de cortesía' }, displayName: 'Aviso de cortesía' });
    expect((await central('GET', `/warnings/${item.id}`, 'zh')).json<Item>().displayName).toBe(
      'Courtesy notice',
    );
    // PUT replaces the names with those sent.
    const replaced = await central('PUT', `/warnings/${item.id}`, 'zh', {
      code,
      name: 'Courtesy notice',
      names: { zh: '礼貌提醒' },
    });
    expect(replaced.json<Item>()).toMatchObject({ names: { zh: '礼貌提醒' }, displayName: '礼貌提醒' });
    const tooLong = await central('PUT', `/warnings/${item.id}`, 'en', {
      code,
      name: 'x',
      names: { es: 'n'.repeat(256) },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json<{ errors: object }>().errors)).toEqual(['names.es']);
    const [update] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select()
        .from(binnacle)
        .where(
          and(
            eq(binnacle.entity, 'warnings'),
            eq(binnacle.entityId, String(item.id)),
            eq(binnacle.action, 'update'),
          ),
        ),
    );
    expect(update!.changes).toEqual({
      names: { old: { es: 'Aviso de cortesía' }, new: { zh: '礼貌提醒' } },
    });
  });

  it("label the forms' options in the reader's language, searched in any language", async () => {
    const labels = async (url: string, lang: string) => {
      const res = await tenant(url, lang);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ListResponse<OptionItem>>().data.map((o) => o.label);
    };
    expect(await labels('/permits/options/permit-types?filter[id]=1', 'es')).toEqual(['Residente']);
    expect(await labels('/permits/options/permit-types?filter[id]=1', 'zh')).toEqual(['住户']);
    expect(await labels('/permits/options/permit-types?filter[id]=1', 'en')).toEqual(['Resident']);
    expect(await labels('/permits/options/permit-types?filter[term]=residente', 'es')).toEqual(['Residente']);
    // Sorted as read (a catalog without an order given, §13): the Spanish names in Spanish order.
    const es = await labels('/permit-warnings/options/reasons?pageSize=100', 'es');
    expect(es.length).toBeGreaterThan(3);
    expect(es).toEqual([...es].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'es')));
    // The warning kinds in their own order, named in Spanish.
    expect((await labels('/permit-warnings/options/warnings?pageSize=100', 'es')).slice(0, 3)).toEqual([
      'Primer aviso',
      'Segundo aviso',
      'Aviso final',
    ]);
    expect(await labels('/vehicle-tows/options/tows?filter[term]=impound', 'zh')).toEqual(['拖至扣车场']);
  });

  it('gives an installation made before names the seeded ones on its next start, keeping what an admin changed', async () => {
    const inCentral = <T>(fn: (tx: Tx) => Promise<T>) => ctx.database.withScope({ area: 'central' }, fn);
    await inCentral(async (tx) => {
      await tx.update(reasons).set({ names: {} }).where(eq(reasons.code, 'fire-lane'));
      await tx
        .update(reasons)
        .set({ names: {}, name: 'Parked in the fire lane (our words)' })
        .where(eq(reasons.code, 'double-parking'));
      await tx
        .update(reasons)
        .set({ names: { es: 'Bloqueo' } })
        .where(eq(reasons.code, 'blocking'));
    });
    await inCentral((tx) => seedReasons(tx));
    const names = async (code: string) =>
      (await inCentral((tx) => tx.select().from(reasons).where(eq(reasons.code, code))))[0]!.names;
    expect(await names('fire-lane')).toEqual({
      es: 'Estacionado en un carril de bomberos',
      zh: '停在消防通道',
    });
    expect(await names('double-parking')).toEqual({});
    expect(await names('blocking')).toEqual({ es: 'Bloqueo' });
  });
});
