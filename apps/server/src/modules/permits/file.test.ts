import type { PermitItem, ResidentItem, VehicleItem } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formPayload, headers } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { binnacle } from '../binnacle/table';
import { buildings } from '../buildings/table';
import { files } from '../files/table';
import { units } from '../units/table';

/* A permit's file (SPEC §3 "file (optional attachment)", decision 0044): attached, read, replaced and removed. */
const s = tenantSuite();
let permit: PermitItem;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, lang?: string) =>
  s.call(method, url, body, { lang });
async function upload(name: string, bytes: Buffer, lang?: string) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: `/tenant/api/permits/${permit.id}/file`,
    headers: { ...headers({ tenant: s.code, token: s.token, lang }), 'content-type': contentType },
    payload,
  });
}
const stored = (id: number) =>
  s.inProperty((tx) => tx.select({ id: files.id }).from(files).where(eq(files.id, id)));

beforeAll(async () => {
  const unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
  const r = await ok<ResidentItem>(
    await call('POST', '/residents', {
      fullName: 'File Holder',
      email: 'file@permit-file.test',
      unitIds: [unitId],
      password: 'file-password',
    }),
  );
  const v = await ok<VehicleItem>(await call('POST', '/vehicles', { residentId: r.id, plate: 'FILE 1' }));
  permit = await ok<PermitItem>(
    await call('POST', '/permits', { code: 'FILE-1', residentId: r.id, vehicleId: v.id, permitTypeId: 1 }),
  );
});

describe("a permit's file", () => {
  it('is attached, read back, replaced (the old file deleted) and removed, each in the audit log', async () => {
    expect(permit.file).toBeNull();
    expect((await call('GET', `/permits/${permit.id}/file`)).statusCode).toBe(404);

    const pdf = Buffer.from('%PDF-1.4\n%a signed copy\n');
    const first = await ok<PermitItem>(await upload('signed-copy.pdf', pdf));
    expect(first.file).toMatchObject({ name: 'signed-copy.pdf', mimeType: 'application/pdf' });
    const read = await s.ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/permits/${permit.id}/file?download=1`,
      headers: headers({ tenant: s.code, token: s.token }),
    });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(pdf)).toBe(true);
    expect(read.headers['content-disposition']).toMatch(/attachment/);

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const second = await ok<PermitItem>(await upload('photo.png', png));
    expect(second.file).toMatchObject({ name: 'photo.png', mimeType: 'image/png' });
    expect(await stored(first.file!.id)).toEqual([]);
    expect((await ok<PermitItem>(await call('GET', `/permits/${permit.id}`))).file!.id).toBe(second.file!.id);

    const removed = await ok<PermitItem>(await call('DELETE', `/permits/${permit.id}/file`));
    expect(removed.file).toBeNull();
    expect(await stored(second.file!.id)).toEqual([]);
    expect((await call('GET', `/permits/${permit.id}/file`)).statusCode).toBe(404);
    // Removing what is not there changes nothing.
    expect((await ok<PermitItem>(await call('DELETE', `/permits/${permit.id}/file`))).file).toBeNull();

    const log = await s.inProperty((tx) =>
      tx
        .select({ action: binnacle.action })
        .from(binnacle)
        .where(and(eq(binnacle.entity, 'permits'), eq(binnacle.entityId, String(permit.id)))),
    );
    expect(log.filter((l) => l.action === 'documents')).toHaveLength(3);
  });

  it('refuses what the upload policy refuses, in the reader’s language, and keeps the permit as it was', async () => {
    const res = await upload('notes.txt', Buffer.from('just text'), 'es');
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toMatch(/archivo|tipo/i);
    expect((await ok<PermitItem>(await call('GET', `/permits/${permit.id}`))).file).toBeNull();
    const none = await call('POST', `/permits/${permit.id}/file`, {});
    expect(none.statusCode).not.toBe(200);
  });
});
