import { documentBody, documentListSchema, documentPreviewBody, documentSchema } from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, sendFile } from '../../platform/http';
import { previewDocument, residentDocumentPdf } from './output';
import { documentKind, listDocuments, saveDocument, showDocument } from './service';

const tags = ['documents'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const params = z.object({ kind: z.string().max(40) });

export const documentsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/documents',
    access: 'documents.index',
    summary:
      "The property's documents (parking policies, permit agreement), each with its current version, whether the " +
      'property wrote its own (else the shipped default is used), who saved it and when',
    schema: { response: { 200: documentListSchema } },
    handler: (ctx) => listDocuments(ctx),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/documents/:kind',
    access: 'documents.show',
    summary:
      "A document's current version — its layout and its header, body and footer in each of the property's " +
      'languages — its variables with sample values, and every version with who saved it, when, and how many ' +
      'residents signed it',
    schema: { params, response: { 200: documentSchema } },
    handler: (ctx, { params }) => showDocument(ctx, documentKind(params.kind)),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/documents/:kind',
    access: 'documents.edit',
    summary:
      'Saves a new version (a version is never changed afterwards: what a resident signed stays as they read it). ' +
      'A variable the document does not offer is refused (422, naming it and where); nothing is written then',
    schema: { params, body: documentBody, response: { 200: documentSchema } },
    handler: (ctx, { params, body }) => saveDocument(ctx, documentKind(params.kind), body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/documents/:kind/preview',
    rateLimit: 'document',
    access: 'documents.show',
    summary:
      'The PDF a text makes (saved or not), for sample values or for one resident. Without a draft it is the current ' +
      "version's PDF: for a resident, the same bytes as their download. Writes nothing",
    schema: { params, body: documentPreviewBody },
    handler: async (ctx, { params, body }) =>
      sendFile(ctx.reply, await previewDocument(ctx, documentKind(params.kind), body)),
  }),
  defineRoute({
    method: 'GET',
    url: '/my/documents/:kind',
    areas: ['tenant'],
    access: 'resident',
    rateLimit: 'document',
    tags,
    summary:
      "The signed-in resident's own copy of a document as PDF, in their language: the permit agreement as they signed " +
      'it (the version they read), else as it reads for them today; the parking policies as they read today',
    schema: { params },
    handler: async (ctx, { params }) =>
      sendFile(ctx.reply, await residentDocumentPdf(ctx, documentKind(params.kind), ctx.user().id)),
  }),
];
