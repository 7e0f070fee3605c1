import type { ListResponse, PatrolReport, PermitWarningItem, VehicleTowItem } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import { inScope, type Scope } from '../../platform/scope';
import { makeCheckIn, makeTow, makeWarning } from '../../test/factories/enforcement';
import { LOOKUP_MARKERS } from '../../test/factories/lookup';
import { makeRound } from '../../test/factories/patrol-reports';
import { createTenantUser, login } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';

/**
 * The round rule's side door closed (issue 35 §5, decisions 0027, 0038): what plate lookups found — kept with a
 * round's observations, a warning, a tow — is read by the built-in parking inspector during a round at the property
 * only. Off round the records that carry it are refused (409 check in first) while the lists, which carry none, stay
 * open; a write (a tow marked towed) is answered without it; the manager, who reads off round, reads it any time.
 */
const s = tenantSuite({ role: 'parking-inspector' });

let inspectorId: number;
let manager: string;
let reportId: number;
let warningId: number;
let towId: number;

const inProperty = <T>(fn: (scope: Scope) => Promise<T>) =>
  inScope(s.ctx.services, { area: 'tenant', propertyId: s.propertyId }, fn);
const asManager = (url: string) => s.call('GET', url, undefined, { token: manager });
const records = () => [
  `/patrolling-reports/${reportId}`,
  `/patrolling-reports/${reportId}/export?format=xlsx`,
  `/patrolling-reports/${reportId}/export?format=pdf`,
  `/permit-warnings/${warningId}`,
  `/vehicle-tows/${towId}`,
  `/vehicle-tows/${towId}/record.pdf`,
];

beforeAll(async () => {
  const [first] = await s.inProperty((tx) =>
    query<{ id: string }>(tx, sql`select id from tenant_users order by id limit 1`),
  );
  inspectorId = Number(first!.id);
  manager = await login(s.ctx, await createTenantUser(s.ctx.database, s.propertyId, 'manager'), s.code);
  ({ id: reportId } = await inProperty((scope) => makeRound(scope, inspectorId)));
  ({
    warning: { id: warningId },
  } = await inProperty((scope) => makeWarning(scope, { userId: inspectorId }, { lookup: true })));
  ({
    tow: { id: towId },
  } = await inProperty((scope) => makeTow(scope, { userId: inspectorId }, { lookup: true })));
});

describe('a parking inspector off round', () => {
  it('is refused every record that carries lookup data, with the message of why', async () => {
    for (const url of records()) {
      const res = await s.call('GET', url);
      expect(res.statusCode, `${url} → ${res.body.slice(0, 200)}`).toBe(409);
      expect(res.json<{ code: string }>().code).toBe('check-in-required');
      expect(res.json<{ message: string }>().message).toMatch(/what plate lookups found/);
      for (const marker of LOOKUP_MARKERS) expect(res.body).not.toContain(marker);
    }
    const es = await s.call('GET', `/permit-warnings/${warningId}`, undefined, { lang: 'es' });
    expect(es.json<{ message: string }>().message).toMatch(/^Registre primero su entrada/);
  });

  it('still lists the rounds, warnings and tows, which carry no lookup', async () => {
    const reports = await ok<ListResponse<{ id: number }>>(await s.call('GET', '/patrolling-reports'));
    expect(reports.data.map((r) => r.id)).toContain(reportId);
    const warnings = await ok<ListResponse<PermitWarningItem>>(await s.call('GET', '/permit-warnings'));
    expect(warnings.data.map((w) => w.id)).toContain(warningId);
    const tows = await ok<ListResponse<VehicleTowItem>>(await s.call('GET', '/vehicle-tows'));
    expect(tows.data.map((t) => t.id)).toContain(towId);
    for (const row of [...warnings.data, ...tows.data]) expect(row).not.toHaveProperty('lookup');
  });

  it('marks a tow towed, and is answered without the lookup it keeps', async () => {
    const { id } = (await inProperty((scope) => makeTow(scope, { userId: inspectorId }, { lookup: true })))
      .tow;
    const towed = await ok<VehicleTowItem>(await s.call('POST', `/vehicle-tows/${id}/towed`, {}));
    expect(towed).toMatchObject({ id, status: 'towed', lookup: null });
    const kept = await ok<VehicleTowItem>(await asManager(`/vehicle-tows/${id}`));
    expect(kept.lookup?.matches[0]?.vehicle?.make).toBe(LOOKUP_MARKERS[0]);
  });
});

describe('the lookup data of a record', () => {
  it('is read by the inspector during a round at the property, and by the manager any time', async () => {
    const read = async (get: (url: string) => ReturnType<typeof asManager>) => {
      const report = await ok<PatrolReport>(await get(`/patrolling-reports/${reportId}`));
      expect(report.observationList[0]!.lookup?.matches[0]?.permit?.code).toBe('LOOKPERMITQX');
      const warning = await ok<PermitWarningItem>(await get(`/permit-warnings/${warningId}`));
      expect(warning.lookup?.matches[0]?.vehicle?.units).toEqual(['LOOKUNITQX']);
      const tow = await ok<VehicleTowItem>(await get(`/vehicle-tows/${towId}`));
      expect(tow.lookup?.matches[0]?.vehicle?.model).toBe('Lookmodelqx');
      expect((await get(`/vehicle-tows/${towId}/record.pdf`)).statusCode).toBe(200);
    };
    await read(asManager);
    await inProperty((scope) => makeCheckIn(scope, { userId: inspectorId }));
    await read((url) => s.call('GET', url));
  });
});
