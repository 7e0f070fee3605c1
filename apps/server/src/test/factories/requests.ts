import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { insertFile } from '../../modules/files/service';
import { requestEvents, requests } from '../../modules/requests/table';
import { tenantUsers } from '../../modules/users/table';
import { SIGNATURE_PNG } from './residents';
import type { RouteFixture } from './types';

/**
 * Route harness: a request of the user who will call the route (their own for the requester's routes; any
 * requester for staff's), with its creation event carrying one file.
 */
export const requestFixture: RouteFixture = {
  async create(scope, owner) {
    const { tx, propertyId } = scope;
    const [u] = await tx
      .select({ type: tenantUsers.type, name: tenantUsers.fullName })
      .from(tenantUsers)
      .where(and(eq(tenantUsers.propertyId, propertyId), eq(tenantUsers.id, owner.userId)));
    const [row] = await tx
      .insert(requests)
      .values({
        propertyId,
        typeId: 5, // a question (SYSTEM_REQUEST_TYPES)
        subject: 'Fixture request',
        description: 'Made by the route harness',
        requesterType: u?.type ?? 'tenant-user',
        requesterId: owner.userId,
        requesterName: u?.name ?? 'Owner',
      })
      .returning({ id: requests.id });
    const [event] = await tx
      .insert(requestEvents)
      .values({
        propertyId,
        requestId: row!.id,
        kind: 'created',
        authorType: u?.type ?? 'tenant-user',
        authorId: owner.userId,
        authorName: u?.name ?? 'Owner',
      })
      .returning({ id: requestEvents.id });
    // An image (a photo of a letter, say): what a file route answers is read back by the harnesses.
    const png = Buffer.from(SIGNATURE_PNG.split(',')[1]!, 'base64');
    const file = await insertFile(
      tx,
      scope.services.storage,
      {
        filename: 'request.png',
        extension: 'png',
        mimeType: 'image/png',
        size: png.length,
        sha256: crypto.createHash('sha256').update(png).digest('hex'),
        buffer: png,
      },
      { entity: 'request_events', entityId: String(event!.id), propertyId },
      owner.userId,
    );
    return { id: row!.id, fileId: file.id };
  },
  async body() {
    return { body: 'A reply', status: 'in-process', assigneeId: null };
  },
};
