import crypto from 'node:crypto';
import { formBoolean, idSchema } from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, type RouteFixture } from '../../platform/http';
import * as filesService from './service';

/** A tiny real PNG (1×1), for the route harness. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Route harness: one stored file of the property. */
const fileFixture: RouteFixture = {
  async create(tx, owner, services) {
    const row = await filesService.insertFile(
      tx,
      services.storage,
      {
        filename: 'fixture.png',
        extension: 'png',
        mimeType: 'image/png',
        size: PNG.length,
        sha256: crypto.createHash('sha256').update(PNG).digest('hex'),
        buffer: PNG,
      },
      { entity: 'fixtures', entityId: null, propertyId: owner.propertyId },
      owner.userId,
    );
    return { id: row.id };
  },
};

export const filesRoutes = [
  defineRoute({
    method: 'GET',
    url: '/files/:id',
    areas: ['central', 'tenant'],
    access: 'files.show',
    tags: ['files'],
    summary:
      'The bytes of a stored file with its content type; images inline, other types (or ?download=1) as a download',
    schema: {
      params: z.object({ id: idSchema }),
      querystring: z.object({ download: formBoolean.optional() }),
    },
    fixture: fileFixture,
    handler: (ctx, { params, query }) => filesService.sendFile(ctx, params.id, query.download === true),
  }),
];
