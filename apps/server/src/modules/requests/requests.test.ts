import type {
  ListResponse,
  NotificationsResponse,
  OptionItem,
  RequestCounts,
  RequestItem,
} from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser, formPayload, headers, login } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';

/*
 * Requests (decision 0049): a resident asks, staff reply, note internally, assign and move it, the resident follows
 * and replies; each sees only what is theirs; the bell tells each side.
 */
const s = tenantSuite({ role: 'manager' });
let unitId: number;
const PDF = Buffer.from('%PDF-1.4\n%a lease page\n');

/** A multipart POST (fields and `files`) as the token's user. */
async function post(
  token: string,
  url: string,
  fields: Record<string, string>,
  attach: [string, Buffer][] = [],
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [name, bytes] of attach) fd.append('files', new Blob([new Uint8Array(bytes)]), name);
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: `/tenant/api${url}`,
    headers: { ...headers({ tenant: s.code, token }), 'content-type': contentType },
    payload,
  });
}
const get = (token: string, url: string) => s.call('GET', url, undefined, { token });

const newResident = () => s.newResident(unitId);
const bell = async (token: string) =>
  (await ok<NotificationsResponse>(await get(token, '/notifications'))).items;

beforeAll(async () => {
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
});

describe('requests', () => {
  it('a resident asks, staff note, assign, reply and close it; the resident follows, without the internal note', async () => {
    const ana = await newResident();
    const colleagueUser = await createTenantUser(s.ctx.database, s.propertyId, 'manager');
    const colleague = await login(s.ctx, colleagueUser, s.code);
    const assistant = await login(
      s.ctx,
      await createTenantUser(s.ctx.database, s.propertyId, 'assistant'),
      s.code,
    );
    const asked = await ok<RequestItem>(
      await post(
        ana.token,
        '/my/requests',
        { typeId: '2', subject: 'Move my spot closer', description: 'I broke my leg; a spot by the lift?' },
        [['note.pdf', PDF]],
      ),
    );
    expect(asked).toMatchObject({
      status: 'created',
      type: { id: 2, code: 'spot', name: 'Spot or reservation change' },
      requester: { type: 'tenant-resident', id: ana.id, name: ana.fullName },
      assignee: null,
    });
    expect(asked.events![0]).toMatchObject({ kind: 'created', files: [{ name: 'note.pdf' }] });
    // The office is told (managers work requests); the assistant reads requests but does not work them.
    expect((await bell(s.token)).find((i) => i.recordId === asked.id)).toMatchObject({
      kind: 'requestNew',
      params: { subject: 'Move my spot closer' },
      href: `/requests/${asked.id}/show`,
    });
    expect((await bell(assistant)).some((i) => i.kind === 'requestNew')).toBe(false);

    // Staff: an internal note, an assignment, a reply, a move.
    await ok(
      await post(s.token, `/requests/${asked.id}/comments`, { body: 'Check spot A-2 first', internal: '1' }),
    );
    const assigned = await ok<RequestItem>(
      await s.call('POST', `/requests/${asked.id}/assign`, { assigneeId: colleagueUser.id }),
    );
    expect(assigned.assignee?.id).toBe(colleagueUser.id);
    expect((await bell(colleague)).find((i) => i.recordId === asked.id)).toMatchObject({
      kind: 'requestAssigned',
      params: { variant: 'assigned' },
    });
    await ok(await post(s.token, `/requests/${asked.id}/comments`, { body: 'A-2 is free from Monday.' }));
    await ok(await s.call('POST', `/requests/${asked.id}/status`, { status: 'in-process' }));

    // The resident sees the reply and the move, never the note nor the assignment.
    const mine = await ok<RequestItem>(await get(ana.token, `/my/requests/${asked.id}`));
    expect(mine.events!.map((e) => [e.kind, e.body ?? e.status])).toEqual([
      ['created', null],
      ['comment', 'A-2 is free from Monday.'],
      ['status', 'in-process'],
    ]);
    expect(mine.events![1]!.author.staff).toBe(true);
    const told = await bell(ana.token);
    expect(told.map((i) => i.params.variant)).toEqual(['in-process', 'reply']);
    expect(told[0]!.href).toBe(`/my-requests/${asked.id}/show`);
    // Staff see everything.
    const whole = await ok<RequestItem>(await s.call('GET', `/requests/${asked.id}`));
    expect(whole.events!.map((e) => e.kind)).toEqual(['created', 'comment', 'assign', 'comment', 'status']);
    expect(whole.events![1]).toMatchObject({ internal: true, body: 'Check spot A-2 first' });

    // The resident replies (the assignee is told), the file is theirs to open; then staff close it.
    await ok(
      await post(ana.token, `/my/requests/${asked.id}/comments`, { body: 'Monday is great, thanks!' }),
    );
    expect((await bell(colleague)).find((i) => i.params.variant === 'reply')).toMatchObject({
      kind: 'requestAssigned',
      recordId: asked.id,
    });
    const file = asked.events![0]!.files[0]!;
    expect((await get(ana.token, `/my/requests/${asked.id}/files/${file.id}`)).statusCode).toBe(200);
    await ok(
      await s.call('POST', `/requests/${asked.id}/status`, { status: 'done', comment: 'Moved to A-2.' }),
    );
    const closed = await post(ana.token, `/my/requests/${asked.id}/comments`, { body: 'One more thing' });
    expect(closed.statusCode).toBe(422);
    expect((await post(ana.token, `/my/requests/${asked.id}/cancel`, {})).statusCode).toBe(422);
  });

  it('a request is its requester’s: another resident gets a 404, and sees none of it in their list', async () => {
    const ben = await newResident();
    const cy = await newResident();
    const asked = await ok<RequestItem>(
      await post(ben.token, '/my/requests', {
        typeId: '5',
        subject: 'Guest parking?',
        description: 'Where?',
      }),
    );
    expect((await get(cy.token, `/my/requests/${asked.id}`)).statusCode).toBe(404);
    expect((await post(cy.token, `/my/requests/${asked.id}/comments`, { body: 'hi' })).statusCode).toBe(404);
    expect((await post(cy.token, `/my/requests/${asked.id}/cancel`, {})).statusCode).toBe(404);
    expect((await ok<ListResponse<RequestItem>>(await get(cy.token, '/my/requests'))).data).toEqual([]);
    // The requester withdraws it.
    const gone = await ok<RequestItem>(await post(ben.token, `/my/requests/${asked.id}/cancel`, {}));
    expect(gone.status).toBe('canceled');
  });

  it('refuses a move the workflow does not allow, naming both statuses, and bad input on its fields', async () => {
    const dee = await newResident();
    const asked = await ok<RequestItem>(
      await post(dee.token, '/my/requests', {
        typeId: '4',
        subject: 'Lease copy',
        description: 'Please',
      }),
    );
    await ok(await s.call('POST', `/requests/${asked.id}/status`, { status: 'done' }));
    const bad = await s.call('POST', `/requests/${asked.id}/status`, { status: 'paused' }, { lang: 'es' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ message: string }>().message).toBe('Una solicitud Resuelta no puede pasar a En pausa.');
    const empty = await post(dee.token, '/my/requests', { typeId: 'nope', subject: ' ', description: '' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'description',
      'subject',
      'typeId',
    ]);
    const exe = await post(dee.token, '/my/requests', { typeId: '6', subject: 'x', description: 'y' }, [
      ['run.exe', Buffer.from('MZ')],
    ]);
    expect(exe.statusCode).toBe(422);
  });

  it('staff write down a resident’s request made at the desk; the queue filters and counts', async () => {
    const eve = await newResident();
    const desk = await ok<RequestItem>(
      await post(s.token, '/requests', {
        residentId: String(eve.id),
        typeId: '3',
        subject: 'Family visit',
        description: 'Needs 3 more visitor permits this week',
      }),
    );
    expect(desk.requester).toMatchObject({ type: 'tenant-resident', id: eve.id });
    expect(
      (await ok<ListResponse<RequestItem>>(await get(eve.token, '/my/requests'))).data.map((r) => r.id),
    ).toEqual([desk.id]);
    const open = await ok<ListResponse<RequestItem>>(
      await s.call('GET', '/requests?filter[open]=1&filter[typeId]=3'),
    );
    expect(open.data.map((r) => r.id)).toEqual([desk.id]);
    const counts = await ok<RequestCounts>(await s.call('GET', '/requests/counts'));
    expect(counts.byStatus.created).toBeGreaterThanOrEqual(1);
    expect(counts.byStatus.canceled).toBeGreaterThanOrEqual(1);
    expect(counts.unassigned).toBeGreaterThanOrEqual(1);
  });

  it('assigns to whoever works requests, offered by the options read; another staff member is refused with a 422', async () => {
    const fay = await newResident();
    const asked = await ok<RequestItem>(
      await post(fay.token, '/my/requests', { typeId: '6', subject: 'Bike rack', description: 'Where?' }),
    );
    const worker = await createTenantUser(s.ctx.database, s.propertyId, 'manager', {
      fullName: 'Wanda Quixworker',
    });
    const reader = await createTenantUser(s.ctx.database, s.propertyId, 'assistant', {
      fullName: 'Rita Reader',
    });
    const gone = await createTenantUser(s.ctx.database, s.propertyId, 'manager', {
      fullName: 'Wes Gone',
      active: false,
    });
    // The picker: active staff whose role works requests (not the assistant, not a deactivated manager, no resident).
    const offered = await ok<ListResponse<OptionItem>>(
      await get(s.token, '/requests/options/request-workers?pageSize=100'),
    );
    const ids = offered.data.map((o) => o.id);
    expect(ids).toContain(worker.id);
    expect(ids).not.toContain(reader.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(fay.id);
    expect(offered.data.find((o) => o.id === worker.id)).toMatchObject({
      label: 'Wanda Quixworker',
      detail: worker.email,
    });
    // A word no generated name or address holds (the suite's own staff are named by faker: a "Wanda" was found).
    const found = await ok<ListResponse<OptionItem>>(
      await get(s.token, '/requests/options/request-workers?filter[term]=quixworker'),
    );
    expect(found.data.map((o) => o.id)).toEqual([worker.id]);

    // Someone who cannot work requests: a 422 naming them, in the reader's language, at the field; nothing changes.
    const refused = await s.call(
      'POST',
      `/requests/${asked.id}/assign`,
      { assigneeId: reader.id },
      { lang: 'es' },
    );
    expect(refused.statusCode).toBe(422);
    const body = refused.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe(
      'No se puede asignar esta solicitud a Rita Reader: solo al personal activo cuyo rol le permite ver y atender solicitudes.',
    );
    expect(body.errors.assigneeId).toEqual([body.message]);
    expect((await s.call('POST', `/requests/${asked.id}/assign`, { assigneeId: gone.id })).statusCode).toBe(
      422,
    );
    expect((await s.call('POST', `/requests/${asked.id}/assign`, { assigneeId: fay.id })).statusCode).toBe(
      422,
    );
    expect((await ok<RequestItem>(await s.call('GET', `/requests/${asked.id}`))).assignee).toBeNull();

    // A worker is assigned and told; once deactivated, the picker no longer offers them.
    const done = await ok<RequestItem>(
      await s.call('POST', `/requests/${asked.id}/assign`, { assigneeId: worker.id }),
    );
    expect(done.assignee).toEqual({ id: worker.id, name: 'Wanda Quixworker' });
    const workerToken = await login(s.ctx, worker, s.code);
    expect((await bell(workerToken)).find((i) => i.recordId === asked.id)).toMatchObject({
      kind: 'requestAssigned',
      params: { variant: 'assigned', subject: 'Bike rack' },
    });
    await s.inProperty((tx) =>
      tx.update(tenantUsers).set({ active: false }).where(eq(tenantUsers.id, worker.id)),
    );
    expect(
      (
        await ok<ListResponse<OptionItem>>(
          await get(s.token, '/requests/options/request-workers?pageSize=100'),
        )
      ).data.map((o) => o.id),
    ).not.toContain(worker.id);
  });
});
