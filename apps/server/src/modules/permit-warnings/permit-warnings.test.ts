import {
  PERMIT_WARNING_STATUSES,
  PERMIT_WARNING_TRANSITIONS,
  type ListResponse,
  type NotificationsResponse,
  type PermitWarningAction,
  type PermitWarningItem,
  type PermitWarningStatus,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope, type Scope } from '../../platform/scope';
import {
  CAR_PNG,
  firstReason,
  firstWarningType,
  makeCheckIn,
  makeObservation,
  makePhoto,
  makeWarning,
} from '../../test/factories/enforcement';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
  type TestUser,
} from '../../test/harness';
import { eventually, startMailPeer, TEST_CA, type ReceivedMail } from '../../test/mail-peer';
import { binnacle } from '../binnacle/table';
import { patrolCheckIns } from '../patrolling/table';

/**
 * Permit warnings (SPEC §4, issue 18): an officer checked in at the property asks for a warning from an
 * observation of that check-in; the property's deciders are emailed; staff approve, reject or cancel it; the
 * officer places it with photos. Every transition of PERMIT_WARNING_TRANSITIONS, and every refused one.
 */

const inbox: ReceivedMail[] = [];
let smtp: Awaited<ReturnType<typeof startMailPeer>> | undefined;
let ctx: TestContext;
let property: { id: number; code: string; name: string };
let manager: TestUser;
let dispatcher: TestUser;
let assistant: TestUser;
let inspector: TestUser;
let idle: TestUser;
const tokens = {} as Record<'manager' | 'dispatcher' | 'assistant' | 'inspector' | 'idle', string>;
let inspectorName: string;
let activeCheckInId: number;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, body?: unknown, o: { token?: string; lang?: string } = {}) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: property.code, token: o.token ?? tokens.manager, lang: o.lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
/** POST …/place as a multipart form with the files given (field, name, bytes). */
async function place(id: number, files: [string, string, Buffer][], token = tokens.inspector, lang?: string) {
  const fd = new FormData();
  for (const [field, name, bytes] of files) fd.append(field, new Blob([new Uint8Array(bytes)]), name);
  const { payload, contentType } = await formPayload(fd);
  return ctx.app.inject({
    method: 'POST',
    url: `/tenant/api/permit-warnings/${id}/place`,
    headers: { ...headers({ tenant: property.code, token, lang }), 'content-type': contentType },
    payload,
  });
}
const inProperty = <T>(fn: (scope: Scope) => Promise<T>) =>
  inScope(ctx.services, { area: 'tenant', propertyId: property.id }, fn);
async function ok<T>(res: { statusCode: number; body: string; json: <X>() => X }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const message = (res: { json: <X>() => X }) => res.json<{ message: string }>().message;
const errors = (res: { json: <X>() => X }) => res.json<{ errors: Record<string, string[]> }>().errors;

/** An observation of the inspector's active check-in (with a plate and a photo). */
const observe = (opts: { plate?: string | null } = {}) =>
  inProperty((scope) =>
    makeObservation(
      scope,
      { id: activeCheckInId, userArea: 'tenant', userId: inspector.id, userName: inspectorName },
      opts,
    ),
  );
const ask = async (observationId: number, token = tokens.inspector, lang?: string) =>
  call(
    'POST',
    '/permit-warnings',
    {
      observationId,
      warningId: await inProperty(firstWarningType),
      reasonId: await inProperty(firstReason),
      note: 'Blocking the fire lane',
    },
    { token, lang },
  );
const auditOf = (id: number, action: string) =>
  ctx.database.withScope({ area: 'tenant', propertyId: property.id }, (tx) =>
    tx
      .select()
      .from(binnacle)
      .where(
        and(
          eq(binnacle.entity, 'permit_warnings'),
          eq(binnacle.entityId, String(id)),
          eq(binnacle.action, action),
        ),
      ),
  );

beforeAll(async () => {
  smtp = await startMailPeer(0, (m) => inbox.push(m));
  ctx = await createTestContext({
    smtp: {
      host: '127.0.0.1',
      port: smtp.port,
      from: 'Parkade <no-reply@parkade.test>',
      tls: 'verify',
      ca: TEST_CA,
    },
  });
  property = await createProperty(ctx.database, { name: 'Harbour View' });
  manager = await createTenantUser(ctx.database, property.id, 'manager', { language: 'es' });
  dispatcher = await createTenantUser(ctx.database, property.id, 'office-dispatcher', { language: 'zh' });
  assistant = await createTenantUser(ctx.database, property.id, 'assistant');
  inspectorName = 'Ines Inspector';
  inspector = await createTenantUser(ctx.database, property.id, 'parking-inspector', {
    fullName: inspectorName,
  });
  idle = await createTenantUser(ctx.database, property.id, 'parking-inspector');
  // A manager who left (inactive) is not emailed.
  await createTenantUser(ctx.database, property.id, 'manager', { active: false });
  for (const [name, user] of Object.entries({ manager, dispatcher, assistant, inspector, idle }))
    tokens[name as keyof typeof tokens] = await login(ctx, user, property.code);
  activeCheckInId = (
    await inProperty((scope) => makeCheckIn(scope, { userId: inspector.id, userName: inspectorName }))
  ).id;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('asking for a warning', () => {
  it('copies the plate of an observation of the active check-in, is pending, and emails the deciders', async () => {
    const obs = await observe({ plate: 'hbv-4471' });
    const item = await ok<PermitWarningItem>(await ask(obs.id));
    expect(item).toMatchObject({
      status: 'pending',
      plate: 'HBV-4471',
      plateNormalized: 'HBV4471',
      observationId: obs.id,
      checkInId: activeCheckInId,
      note: 'Blocking the fire lane',
      requestedBy: { id: inspector.id, name: inspectorName },
      decidedAt: null,
      placedAt: null,
      tow: null,
      spotNumber: 'A-12',
      place: 'Level 2, by the lift',
      // The inspector neither decides nor places a pending warning.
      actions: [],
    });
    expect(item.observation).toMatchObject({ id: obs.id, officer: inspectorName, spotNumber: 'A-12' });
    expect(item.observation!.photos).toHaveLength(1);
    expect(item.checkIn).toMatchObject({ id: activeCheckInId, locationStatus: 'valid' });
    expect(await auditOf(item.id, 'create')).toHaveLength(1);

    // Staff find it among the pending ones, and may decide it.
    const pending = await ok<ListResponse<PermitWarningItem>>(
      await call('GET', '/permit-warnings?filter[status]=pending'),
    );
    expect(pending.data.map((w) => w.id)).toContain(item.id);
    const shown = await ok<PermitWarningItem>(await call('GET', `/permit-warnings/${item.id}`));
    expect(shown.actions).toEqual(['approve', 'reject', 'cancel']);

    // A mail to each active staff user who decides warnings, in their own language, with the link.
    const link = `/permit-warnings/${item.id}/show`;
    const toManager = await eventually('the manager’s mail', () =>
      inbox.find((m) => m.to.includes(manager.email) && m.text.includes(link)),
    );
    expect(toManager.text).toContain('HBV-4471');
    expect(toManager.text).toContain('solicita colocar un aviso');
    expect(toManager.text).toContain(inspectorName);
    expect(toManager.text).toContain(`http://${property.code}.parkade.test${link}`);
    const toDispatcher = await eventually('the dispatcher’s mail', () =>
      inbox.find((m) => m.to.includes(dispatcher.email) && m.text.includes(link)),
    );
    expect(toDispatcher.text).toContain('申请在');
    // Neither the assistant (no permit-warnings.decide), the officer, nor the inactive manager.
    const recipients = inbox.filter((m) => m.text.includes(link)).flatMap((m) => m.to);
    expect(recipients).not.toContain(assistant.email);
    expect(recipients).not.toContain(inspector.email);
    expect(recipients.sort()).toEqual([manager.email, dispatcher.email].sort());

    // The bell (decision 0048): the same deciders, not the assistant nor the officer who asked.
    const told = async (token: string) =>
      (
        await ok<NotificationsResponse>(await call('GET', '/notifications', undefined, { token }))
      ).items.filter((i) => i.kind === 'warningPending' && i.recordId === item.id);
    expect(await told(tokens.manager)).toMatchObject([
      { params: { plate: 'HBV-4471', officer: inspectorName }, href: link },
    ]);
    expect(await told(tokens.dispatcher)).toHaveLength(1);
    expect(await told(tokens.assistant)).toEqual([]);
    expect(await told(tokens.inspector)).toEqual([]);
  });

  it('needs an active check-in at the property', async () => {
    // The idle inspector has only a closed check-in, with an observation of it.
    const closed = await inProperty((scope) => makeCheckIn(scope, { userId: idle.id }, { closed: true }));
    const obs = await inProperty((scope) => makeObservation(scope, closed));
    const res = await ask(obs.id, tokens.idle, 'es');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code?: string }>().code).toBe('check-in-required');
    expect(message(res)).toMatch(/^Registre primero su entrada en esta propiedad/);
  });

  it('refuses an observation of another check-in, one without a plate, and a second live warning', async () => {
    const other = await inProperty((scope) => makeCheckIn(scope, { userId: inspector.id }, { closed: true }));
    const old = await inProperty((scope) => makeObservation(scope, other));
    const notMine = await ask(old.id);
    expect(notMine.statusCode, notMine.body).toBe(422);
    expect(errors(notMine).observationId).toEqual(['This observation is not part of your current check-in.']);

    const noPlate = await ask((await observe({ plate: null })).id);
    expect(noPlate.statusCode).toBe(422);
    expect(errors(noPlate).observationId).toEqual([
      "This observation has no plate: a warning needs the car's plate.",
    ]);

    const missing = await ask(2147483000);
    expect(missing.statusCode).toBe(422);
    expect(errors(missing).observationId).toBeDefined();

    const obs = await observe();
    const first = await ok<PermitWarningItem>(await ask(obs.id));
    const again = await ask(obs.id);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(`A warning was already asked for this observation (warning #${first.id}).`);
    // Once rejected, the observation may be asked again.
    await ok(await call('POST', `/permit-warnings/${first.id}/reject`, { note: 'Not a fire lane' }));
    await ok(await ask(obs.id));
  });

  it('refuses unknown catalog entries on their fields, and staff who do not create warnings', async () => {
    const obs = await observe();
    const res = await call(
      'POST',
      '/permit-warnings',
      { observationId: obs.id, warningId: 2147483000, reasonId: await inProperty(firstReason) },
      { token: tokens.inspector },
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errors(res))).toEqual(['warningId']);
    expect((await ask(obs.id, tokens.assistant)).statusCode).toBe(403);
  });
});

describe('the workflow', () => {
  const from = (s: PermitWarningStatus) =>
    (Object.keys(PERMIT_WARNING_TRANSITIONS) as PermitWarningAction[]).filter((a) =>
      (PERMIT_WARNING_TRANSITIONS[a].from as readonly string[]).includes(s),
    );
  const LABEL: Record<PermitWarningStatus, string> = {
    pending: 'Pendiente',
    approved: 'Aprobado',
    rejected: 'Rechazado',
    placed: 'Colocado',
    cancelled: 'Cancelado',
  };

  it.each(
    PERMIT_WARNING_STATUSES.flatMap((s) =>
      (['approve', 'reject', 'place', 'cancel'] as const).map((a) => [s, a] as const),
    ),
  )('from %s, %s is allowed exactly when the transition table says so', async (status, action) => {
    const { warning } = await inProperty((scope) => makeWarning(scope, { userId: inspector.id }, { status }));
    const res =
      action === 'place'
        ? await place(warning.id, [['photos', 'on-the-car.png', CAR_PNG]], tokens.inspector, 'es')
        : await call('POST', `/permit-warnings/${warning.id}/${action}`, { note: 'Seen' }, { lang: 'es' });
    const after = await ok<PermitWarningItem>(await call('GET', `/permit-warnings/${warning.id}`));
    if (from(status).includes(action)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(after.status).toBe(PERMIT_WARNING_TRANSITIONS[action].to);
      expect(await auditOf(warning.id, action)).toHaveLength(1);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(message(res)).toMatch(new RegExp(`^Un aviso en estado «${LABEL[status]}» no admite la acción`));
      expect(after.status).toBe(status);
      expect(await auditOf(warning.id, action)).toHaveLength(0);
    }
  });

  it('keeps who decided, when and why', async () => {
    const { warning } = await inProperty((scope) => makeWarning(scope, { userId: inspector.id }));
    const approved = await ok<PermitWarningItem>(
      await call('POST', `/permit-warnings/${warning.id}/approve`, { note: 'Go ahead' }),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      decisionNote: 'Go ahead',
      decidedBy: { id: manager.id },
    });
    expect(approved.decidedAt).not.toBeNull();
    // The inspector may now place it; staff may still cancel it.
    const asInspector = await ok<PermitWarningItem>(
      await call('GET', `/permit-warnings/${warning.id}`, undefined, { token: tokens.inspector }),
    );
    expect(asInspector.actions).toEqual(['place']);
    // Managers hold every permission of the property: they may place it too (when checked in).
    expect(approved.actions).toEqual(['place', 'cancel']);
    const asDispatcher = await ok<PermitWarningItem>(
      await call('GET', `/permit-warnings/${warning.id}`, undefined, { token: tokens.dispatcher }),
    );
    expect(asDispatcher.actions).toEqual(['cancel']);
  });

  it('of two decisions at once, exactly one wins; the other is refused naming the status it found', async () => {
    for (let i = 0; i < 3; i++) {
      const { warning } = await inProperty((scope) => makeWarning(scope, { userId: inspector.id }));
      const answers = await Promise.all([
        call('POST', `/permit-warnings/${warning.id}/approve`, {}),
        call('POST', `/permit-warnings/${warning.id}/reject`, {}, { token: tokens.dispatcher }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.statusCode === 200);
      const after = await ok<PermitWarningItem>(await call('GET', `/permit-warnings/${warning.id}`));
      expect(after.status).toBe(winner === 0 ? 'approved' : 'rejected');
      expect(message(answers[1 - winner]!)).toContain(winner === 0 ? '“Approved”' : '“Rejected”');
      const decisions = [...(await auditOf(warning.id, 'approve')), ...(await auditOf(warning.id, 'reject'))];
      expect(decisions).toHaveLength(1);
    }
  });
});

describe('placing a warning', () => {
  const approved = async () =>
    (await inProperty((scope) => makeWarning(scope, { userId: inspector.id }, { status: 'approved' })))
      .warning;

  it('stores its photos, sets who placed it and when, and starts the tow grace time', async () => {
    const warning = await approved();
    const item = await ok<PermitWarningItem>(
      await place(warning.id, [
        ['photos', 'front.png', CAR_PNG],
        ['photos', 'windscreen.png', CAR_PNG],
      ]),
    );
    expect(item).toMatchObject({ status: 'placed', placedBy: { id: inspector.id, name: inspectorName } });
    expect(item.placementPhotos!.map((p) => p.name)).toEqual(['front.png', 'windscreen.png']);
    expect(item.placementPhotos!.every((p) => p.takenAt === item.placedAt)).toBe(true);
    // The property's default grace: 24 hours from the placement; the placement photos are the tow's proof.
    expect(item.towCheck).toMatchObject({ graceHours: 24, graceOver: false, hasPhoto: true });
    expect(new Date(item.towCheck!.readyAt).getTime() - new Date(item.placedAt!).getTime()).toBe(
      24 * 3_600_000,
    );
    // The photos are served through the warning, the observation's too; nothing else is.
    const photo = await call(
      'GET',
      `/permit-warnings/${item.id}/photos/${item.placementPhotos![0]!.id}`,
      undefined,
      { token: tokens.inspector },
    );
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(CAR_PNG)).toBe(true);
    const obsPhoto = await call(
      'GET',
      `/permit-warnings/${item.id}/photos/${item.observation!.photos[0]!.id}`,
    );
    expect(obsPhoto.statusCode).toBe(200);
    const another = await approved();
    const foreign = await inProperty((scope) => makePhoto(scope, 'permit_warnings', another.id));
    expect((await call('GET', `/permit-warnings/${item.id}/photos/${foreign.id}`)).statusCode).toBe(404);
  });

  it('needs one to five images in `photos`', async () => {
    const warning = await approved();
    const none = await place(warning.id, []);
    expect(none.statusCode).toBe(422);
    expect(errors(none).photos).toEqual(['Add at least one photo of the warning on the car.']);
    const pdf = await place(warning.id, [['photos', 'ticket.pdf', Buffer.from('%PDF-1.4\n%%EOF\n')]]);
    expect(pdf.statusCode).toBe(422);
    expect(errors(pdf).photos).toBeDefined();
    const six = await place(
      warning.id,
      Array.from({ length: 6 }, (_, i) => ['photos', `p${i}.png`, CAR_PNG] as [string, string, Buffer]),
    );
    expect(six.statusCode).toBe(422);
    const after = await ok<PermitWarningItem>(await call('GET', `/permit-warnings/${warning.id}`));
    expect(after).toMatchObject({ status: 'approved', placedAt: null, placementPhotos: [] });
  });

  it('needs the placing officer to be checked in at the property, and says so before asking for photos', async () => {
    const warning = await approved();
    const res = await place(warning.id, [['photos', 'front.png', CAR_PNG]], tokens.idle);
    expect(res.statusCode).toBe(409);
    expect(message(res)).toMatch(/^Check in at this property first/);
    // Without photos either: the round is what is missing first, not the photos (decision 0039 §13).
    const bare = await place(warning.id, [], tokens.idle);
    expect(bare.statusCode).toBe(409);
    expect(bare.json<{ code?: string }>().code).toBe('check-in-required');
    // Checked out: refused as well.
    await ctx.database.withScope({ area: 'tenant', propertyId: property.id }, (tx) =>
      tx
        .update(patrolCheckIns)
        .set({ checkedOutAt: new Date() })
        .where(eq(patrolCheckIns.id, activeCheckInId)),
    );
    try {
      expect((await place(warning.id, [['photos', 'front.png', CAR_PNG]])).statusCode).toBe(409);
    } finally {
      await ctx.database.withScope({ area: 'tenant', propertyId: property.id }, (tx) =>
        tx.update(patrolCheckIns).set({ checkedOutAt: null }).where(eq(patrolCheckIns.id, activeCheckInId)),
      );
    }
    expect((await place(warning.id, [['photos', 'front.png', CAR_PNG]])).statusCode).toBe(200);
  });
});

describe('the list', () => {
  it('puts pending warnings first and filters by status, plate and day', async () => {
    await inProperty((scope) => makeWarning(scope, { userId: inspector.id }, { status: 'rejected' }));
    const { warning } = await inProperty((scope) => makeWarning(scope, { userId: inspector.id }));
    const all = await ok<ListResponse<PermitWarningItem>>(await call('GET', '/permit-warnings?all=1'));
    const statuses = all.data.map((w) => w.status);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.indexOf('rejected'));
    const spaced = `${warning.plate.slice(0, 3)} ${warning.plate.slice(3).toLowerCase()}`;
    const byPlate = await ok<ListResponse<PermitWarningItem>>(
      await call('GET', `/permit-warnings?filter[plate]=${encodeURIComponent(spaced)}`),
    );
    expect(byPlate.data.map((w) => w.id)).toEqual([warning.id]);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await ok<ListResponse<PermitWarningItem>>(
      await call('GET', `/permit-warnings?filter[from]=${today}&filter[to]=${today}&filter[status]=pending`),
    );
    expect(byDay.data.map((w) => w.id)).toContain(warning.id);
    expect((await call('GET', '/permit-warnings?filter[from]=yesterday')).statusCode).toBe(400);
    expect((await call('GET', '/permit-warnings?filter[status]=lost')).statusCode).toBe(400);
  });
});
