import { CENTRAL_AREA_ID } from '../../platform/db/columns';
/**
 * Issue 36 §9 (decision 0039): the audit log shows every action and every attribute it records by a label in the
 * reader's language — never "placed by id", "sha256" or "radius meters" to a Spanish or Chinese reader. This file
 * enumerates what the server records: the actions (the contract's AUDIT_ACTIONS, the only ones `ctx.audit` takes),
 * the columns of every audited table (the CRUD helpers record whole rows), the shapes recorded whole (a resident as
 * the API answers it, a property's settings and their sections, the system settings, a form's rules) and the
 * attributes the audit calls write by hand. Beyond this list, every test context checks what its tests actually
 * recorded as it closes (test/harness.ts), so a new attribute without a label fails the test that records it.
 */
import {
  AUDIT_ACTIONS,
  AUDITED_ENTITIES,
  FORM_RULE_FIELDS,
  propertySettingsSchema,
  residentItemSchema,
  systemSettingsSchema,
} from '@parkade/contract';
import { eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Tx } from '../../platform/db';
import { schema } from '../../schema';
import { binnacle } from './table';
import { actionLabelled, attributeLabelled, auditWordsMissing } from '../../test/audit-words';
import {
  createProperty,
  createTestContext,
  headers,
  login,
  createTenantUser,
  type TestContext,
} from '../../test/harness';

/** Attributes the audit calls write by hand (ctx.audit with their own old/new), beside whole rows. */
const WRITTEN_BY_HAND = [
  // sign-in, password, two-factor, sessions, invitations
  ...['login', 'remember', 'password', 'twoFactor', 'sessions', 'email', 'language', 'active'],
  // files
  ...['originalName', 'mimeType', 'size', 'sha256', 'entity', 'entityId'],
  // units in bulk and imported, the parking map's layout and items
  ...['buildings', 'floorId', 'count', 'first', 'last', 'file', 'units', 'buildingsCreated', 'floorsCreated'],
  ...['version', 'areas', 'spots', 'spotType', 'firstNumber', 'lastNumber', 'name', 'photos'],
  // properties' test mail; residents registering, signing, imported, restored, mailed
  ...[
    'mailPasswordSet',
    'to',
    'usedDefaults',
    'fullName',
    'phone',
    'status',
    'signedAt',
    'fileName',
    'sendLinks',
    'ids',
  ],
  ...[
    'unitId',
    'leaseExpirationAt',
    'importId',
    'residents',
    'vehicles',
    'permits',
    'visitors',
    'caregivers',
  ],
  // patrol check-in, check-out and observations
  ...[
    'latitude',
    'longitude',
    'accuracyMeters',
    'distanceMeters',
    'locationStatus',
    'failure',
    'radiusMeters',
  ],
  ...['checkoutLatitude', 'checkoutLongitude', 'checkoutDistanceMeters'],
  ...['checkInId', 'plate', 'spotId', 'place', 'notes', 'observedAt', 'verdict'],
  // visitors' links, posters, limits and expiry; decisions' comments; reports; tows
  ...['linkId', 'emailed', 'expiresAt', 'limit', 'max', 'reason', 'permitStatus', 'validUntil'],
  ...['comment', 'note', 'summary', 'towId', 'form'],
];

/** The keys of a zod object, and one level down where a key holds an object (a settings section). */
function keysOf(shape: Record<string, z.ZodType>): string[] {
  return Object.entries(shape).flatMap(([k, v]) => {
    const inner = (v as { _zod: { def: { innerType?: { shape?: object }; shape?: object } } })._zod.def;
    const nested = inner.shape ?? inner.innerType?.shape;
    return [k, ...(nested ? Object.keys(nested) : [])];
  });
}

function auditedAttributes(): Map<string, string> {
  const out = new Map<string, string>();
  const add = (where: string, keys: Iterable<string>) => {
    for (const k of keys) if (!out.has(k)) out.set(k, where);
  };
  const tables = Object.values(schema).filter((x): x is PgTable => is(x, PgTable));
  for (const table of tables)
    if ((AUDITED_ENTITIES as string[]).includes(getTableName(table)))
      add(getTableName(table), Object.keys(getTableColumns(table)));
  add('a resident as answered', Object.keys(residentItemSchema.shape));
  add("a property's settings", keysOf(propertySettingsSchema.shape));
  add('the system settings', Object.keys(systemSettingsSchema.shape));
  add("a form's rules", [...Object.values(FORM_RULE_FIELDS).flat(), 'visible', 'required', 'validated']);
  add('an audit call', WRITTEN_BY_HAND);
  return out;
}

describe('the audit log’s words (issue 36 §9)', () => {
  it('label every action the server records, in every language', () => {
    expect(AUDIT_ACTIONS.filter((a) => !actionLabelled(a))).toEqual([]);
  });

  it('label every attribute the server records, in every language', () => {
    const attributes = auditedAttributes();
    // The enumeration reaches the attributes of the issue: a warning's placer, a file's hash, a check-in's radius.
    for (const k of ['placedById', 'sha256', 'radiusMeters', 'agreementRequired', 'requireTwoFactorCentral'])
      expect(attributes.has(k), k).toBe(true);
    const missing = [...attributes]
      .filter(([k]) => !attributeLabelled(k))
      .map(([k, where]) => `${k} (${where})`);
    expect(missing).toEqual([]);
  });
});

describe('the check every test context makes as it closes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('finds nothing unlabelled in what requests recorded, and names what it would refuse', async () => {
    const p = await createProperty(ctx.database);
    const token = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), p.code);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/tenant/api/settings',
      headers: headers({ tenant: p.code, token }),
      payload: { other: { towGraceHours: 12 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditWordsMissing(ctx.database)).toEqual([]);
    // An entry with an action and an attribute nobody gave words to is named (then removed, or this file fails).
    const central = <T>(fn: (tx: Tx) => Promise<T>) => ctx.database.withScope({ area: 'central' }, fn);
    const [odd] = await central((tx) =>
      tx
        .insert(binnacle)
        .values({
          area: 'central',
          propertyId: CENTRAL_AREA_ID,
          entity: 'zones',
          action: 'fly',
          changes: { wingspan: { old: null, new: 3 } },
        })
        .returning({ id: binnacle.id }),
    );
    try {
      expect(await auditWordsMissing(ctx.database)).toEqual(['action fly', 'attribute wingspan (zones)']);
    } finally {
      await central((tx) => tx.delete(binnacle).where(eq(binnacle.id, odd!.id)));
    }
    expect(attributeLabelled('placedById')).toBe(true);
    expect(attributeLabelled('notAnAttribute')).toBe(false);
    expect(actionLabelled('place')).toBe(true);
    expect(actionLabelled('fly')).toBe(false);
  });
});
