import type { PermitItem, ResidentItem, VehicleItem } from '@parkade/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { buildings } from '../buildings/table';
import { mailOutbox } from '../outbox/table';
import { permits } from '../permits/table';
import { units } from '../units/table';
import { visitors } from '../visitors/table';
import { sendExpiryReminders } from './job';
import { expiryReminders } from './table';

/**
 * Permit and visitor permit expiry reminders (issue 37 §4, decision 0041): the property's setting, its time zone
 * (America/New_York, UTC−4 in May: 14:00Z is 10:00 local, 11:00Z is 07:00, before the 08:00 start), the
 * recipient's language and the property's template; each reminder written exactly once, whatever runs at once or
 * fails part-way.
 */
let ctx: TestContext;
interface Place {
  id: number;
  code: string;
  name: string;
  token: string;
  unitId: number;
}
let A: Place;
let B: Place;

const NOW = new Date('2030-05-10T14:00:00Z');
const EARLY = new Date('2030-05-10T11:00:00Z');
/** The local day of NOW, plus `days`. */
const day = (days: number) => new Date(Date.UTC(2030, 4, 10 + days)).toISOString().slice(0, 10);

async function place(): Promise<Place> {
  const p = await createProperty(ctx.database, {
    timezone: 'America/New_York',
    languages: ['en', 'es', 'zh'] as never,
  });
  const token = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), p.code);
  const unitId = await ctx.database.withScope({ area: 'tenant', propertyId: p.id }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: p.id, name: 'R' }).returning();
    const [u] = await tx.insert(units).values({ propertyId: p.id, buildingId: b!.id, name: '1' }).returning();
    return u!.id;
  });
  return { id: p.id, code: p.code, name: p.name, token, unitId };
}

beforeAll(async () => {
  ctx = await createTestContext();
  A = await place();
  B = await place();
  await ok(await call(A, 'PUT', '/settings', { residentPermits: { expiryReminderDays: 5 } }));
  await ok(await call(A, 'PUT', '/settings', { visitorPermits: { expiryReminderDays: 2 } }));
});
afterAll(() => ctx?.close());

type Res = { statusCode: number; body: string; json: <X>() => X };
const call = (p: Place, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: p.code, token: p.token }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
async function ok<T>(res: Res): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

let n = 0;
/** A resident with a vehicle and an approved permit whose last day is `endsOn`. */
async function permitHolder(p: Place, endsOn: string, language = 'en') {
  n += 1;
  const email = `holder${n}@reminders.test`;
  const r = await ok<ResidentItem>(
    await call(p, 'POST', '/residents', {
      fullName: `Holder ${n}`,
      email,
      language,
      unitIds: [p.unitId],
      password: 'holder-password',
    }),
  );
  const v = await ok<VehicleItem>(await call(p, 'POST', '/vehicles', { residentId: r.id, plate: `RM${n}X` }));
  const permit = await ok<PermitItem>(
    await call(p, 'POST', '/permits', {
      code: `RM-${n}`,
      residentId: r.id,
      vehicleId: v.id,
      permitTypeId: 1,
      issueValid: true,
    }),
  );
  expect(permit.status).toBe('approved');
  await setEnd(p, permit.id, endsOn);
  return {
    residentId: r.id,
    name: `Holder ${n}`,
    email,
    permitId: permit.id,
    code: permit.code,
    plate: v.plate,
  };
}

const setEnd = (p: Place, permitId: number, endsOn: string) =>
  ctx.database.withScope({ area: 'tenant', propertyId: p.id }, (tx) =>
    tx
      .update(permits)
      .set({ expiresOn: endsOn })
      .where(and(eq(permits.propertyId, p.id), eq(permits.id, permitId))),
  );

/** The reminders written to these addresses (any property), oldest first. */
const remindersTo = (...emails: string[]) =>
  ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select({
        to: mailOutbox.to,
        kind: mailOutbox.kind,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        propertyId: mailOutbox.propertyId,
      })
      .from(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.kind, ['permit-expiry-reminder', 'visitor-permit-expiry-reminder']),
          inArray(mailOutbox.to, emails),
        ),
      )
      .orderBy(mailOutbox.id),
  );

describe('resident permit reminders', () => {
  it('a permit ending in 3 days with a 5-day setting: one reminder, in the resident’s language, in the property’s text', async () => {
    const saved = await call(A, 'PUT', '/email-templates/permit-expiry-reminder', {
      texts: {
        es: {
          subject: 'Aviso de {{place}}: su permiso {{code}} vence el {{ends}}',
          body: 'Estimado/a {{name}}: al permiso {{code}} ({{plate}}) le quedan {{days}} días. {{url}}',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const es = await permitHolder(A, day(3), 'es');
    const en = await permitHolder(A, day(5), 'en');
    const late = await permitHolder(A, day(6), 'en');
    const ended = await permitHolder(A, day(-1), 'en');

    expect(await sendExpiryReminders(ctx.services, { now: NOW })).toBeGreaterThanOrEqual(2);
    const mails = await remindersTo(es.email, en.email, late.email, ended.email);
    expect(mails.map((m) => m.to)).toEqual([es.email, en.email]);
    const [toEs, toEn] = mails;
    // The property's own Spanish text; the day in Spanish.
    expect(toEs).toMatchObject({ kind: 'permit-expiry-reminder', propertyId: A.id });
    expect(toEs!.subject).toBe(`Aviso de ${A.name}: su permiso ${es.code} vence el 13 may 2030`);
    expect(toEs!.text).toMatch(
      new RegExp(
        `^Estimado/a ${es.name}: al permiso ${es.code} \\(${es.plate}\\) le quedan 3 días\\. ` +
          `https?://${A.code}\\.[^/]+/my/permits/${es.permitId}/show\n\n` +
          // A reminder is not essential: it ends with the one-click unsubscribe (decision 0043).
          `Para dejar de recibir estos mensajes: https?://${A.code}\\.[^/]+/api/unsubscribe\\?token=\\S+$`,
      ),
    );
    expect(toEs!.html).toContain('3 días');
    // The shipped English default for the English resident.
    expect(toEn!.subject).toContain('ends on May 15, 2030');
    expect(toEn!.text).toContain(`Your parking permit ${en.code} for plate ${en.plate}`);
    expect(toEn!.text).toContain('(days left: 5)');
    expect(toEn!.text).toContain(`/my/permits/${en.permitId}/show`);
  });

  it('running the job again, or twice at the same moment, sends each reminder once', async () => {
    const a = await permitHolder(A, day(2));
    const b = await permitHolder(A, day(4));
    await Promise.all([
      sendExpiryReminders(ctx.services, { now: NOW }),
      sendExpiryReminders(ctx.services, { now: NOW }),
    ]);
    await sendExpiryReminders(ctx.services, { now: NOW });
    expect((await remindersTo(a.email, b.email)).map((m) => m.to).sort()).toEqual([a.email, b.email].sort());
  });

  it('a run that fails after writing a reminder leaves none of that property’s, and the next run sends each once', async () => {
    const a = await permitHolder(A, day(1));
    const b = await permitHolder(A, day(3));
    let calls = 0;
    await expect(
      sendExpiryReminders(ctx.services, {
        now: NOW,
        afterMail: () => {
          calls += 1;
          if (calls === 1) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    expect(calls).toBe(1);
    expect(await remindersTo(a.email, b.email)).toEqual([]);
    await sendExpiryReminders(ctx.services, { now: NOW });
    await sendExpiryReminders(ctx.services, { now: NOW });
    expect((await remindersTo(a.email, b.email)).map((m) => m.to).sort()).toEqual([a.email, b.email].sort());
  });

  it('nothing before 08:00 in the property’s zone; a renewed permit is reminded again for its new end', async () => {
    const a = await permitHolder(A, day(2));
    await sendExpiryReminders(ctx.services, { now: EARLY });
    expect(await remindersTo(a.email)).toEqual([]);
    await sendExpiryReminders(ctx.services, { now: NOW });
    expect(await remindersTo(a.email)).toHaveLength(1);
    // Renewed to end in 4 days: one more reminder, once.
    await setEnd(A, a.permitId, day(4));
    await sendExpiryReminders(ctx.services, { now: NOW });
    await sendExpiryReminders(ctx.services, { now: NOW });
    const mails = await remindersTo(a.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('May 14, 2030');
    const ledger = await ctx.database.withScope({ area: 'tenant', propertyId: A.id }, (tx) =>
      tx
        .select({ endsOn: expiryReminders.endsOn, kind: expiryReminders.kind })
        .from(expiryReminders)
        .where(eq(expiryReminders.permitId, a.permitId)),
    );
    expect(ledger.map((l) => l.endsOn).sort()).toEqual([day(2), day(4)]);
  });

  it('a property whose setting is 0 sends none, and another property’s permits are untouched', async () => {
    const other = await permitHolder(B, day(3));
    const here = await permitHolder(A, day(3));
    await sendExpiryReminders(ctx.services, { now: NOW });
    expect((await remindersTo(other.email, here.email)).map((m) => [m.to, m.propertyId])).toEqual([
      [here.email, A.id],
    ]);
    const ledgerOfB = await ctx.database.withScope({ area: 'tenant', propertyId: B.id }, (tx) =>
      tx.select().from(expiryReminders),
    );
    expect(ledgerOfB).toEqual([]);
  });
});

describe('visitor permit reminders', () => {
  it('the host resident is reminded of a visitor permit ending within the window; a day’s permit is not', async () => {
    const host = await permitHolder(A, day(30), 'en');
    const [long, short, later] = await ctx.database.withScope({ area: 'tenant', propertyId: A.id }, (tx) =>
      tx
        .insert(visitors)
        .values([
          {
            propertyId: A.id,
            residentId: host.residentId,
            name: 'Jordan Long',
            plate: 'VIS1',
            plateNormalized: 'VIS1',
            permitCode: `VR-${++n}`,
            permitStatus: 'valid',
            validFrom: new Date('2030-05-01T14:00:00Z'),
            // 18:00 on 11 May in New York.
            validUntil: new Date('2030-05-11T22:00:00Z'),
          },
          {
            propertyId: A.id,
            residentId: host.residentId,
            name: 'Sam Short',
            plate: 'VIS2',
            plateNormalized: 'VIS2',
            permitCode: `VR-${++n}`,
            permitStatus: 'valid',
            validFrom: new Date('2030-05-10T13:00:00Z'),
            validUntil: new Date('2030-05-11T13:00:00Z'),
          },
          {
            propertyId: A.id,
            residentId: host.residentId,
            name: 'Lee Later',
            plate: 'VIS3',
            plateNormalized: 'VIS3',
            permitCode: `VR-${++n}`,
            permitStatus: 'valid',
            validFrom: new Date('2030-05-01T14:00:00Z'),
            validUntil: new Date('2030-05-20T14:00:00Z'),
          },
        ])
        .returning(),
    );
    expect(short && later).toBeTruthy();
    await Promise.all([
      sendExpiryReminders(ctx.services, { now: NOW }),
      sendExpiryReminders(ctx.services, { now: NOW }),
    ]);
    const mails = (await remindersTo(host.email)).filter((m) => m.kind === 'visitor-permit-expiry-reminder');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`A visitor permit at ${A.name} ends on May 11, 2030, 6:00 PM EDT`);
    expect(mail!.text).toContain(`The visitor permit ${long!.permitCode}`);
    expect(mail!.text).toContain('Visitor: “Jordan Long”');
    expect(mail!.text).toContain('(days left: 1)');
    expect(mail!.text).toContain(`/my/visitors/${long!.id}/show`);
    // A visitor's typing: plain text only (decision 0037).
    expect(mail!.html).toBeNull();
  });
});
