import { z } from 'zod';
import { LANGUAGES } from './constants';
import {
  DOC_TABLE_COLUMNS_MAX,
  DOC_TEXT_MAX,
  DOCUMENT_KIND_KEYS,
  LOGO_POSITIONS,
  MARGIN_MAX_MM,
  MARGIN_MIN_MM,
  PAPER_FORMATS,
  type DocBlock,
  type DocContent,
  type DocInline,
  type DocListItem,
  type DocTableCell,
  type DocumentKind,
} from './documents';

const language = z.enum(LANGUAGES);
const kind = z.enum(DOCUMENT_KIND_KEYS as [DocumentKind, ...DocumentKind[]]);
const align = z.enum(['left', 'center', 'right', 'justify']).optional();

/*
 * The safe subset (decision 0042): only these nodes, marks and attributes. Unknown attributes are dropped; an unknown
 * node or mark (a link, an image, raw HTML) is refused. The server also bounds the depth and the number of nodes.
 */
const mark = z.object({ type: z.enum(['bold', 'italic', 'underline']) });
const inline: z.ZodType<DocInline> = z.union([
  z.object({
    type: z.literal('text'),
    text: z.string().min(1).max(DOC_TEXT_MAX, 'validation.max'),
    marks: z.array(mark).max(3).optional(),
  }),
  z.object({ type: z.literal('hardBreak') }),
]);
const inlines = z.array(inline).optional();

// The recursive nodes carry ids: the API document describes them once, as components that refer to each other.
const listItem: z.ZodType<DocListItem> = z
  .object({
    type: z.literal('listItem'),
    get content() {
      return z.array(block).min(1);
    },
  })
  .meta({ id: 'DocListItem' });
const cell: z.ZodType<DocTableCell> = z
  .object({
    type: z.enum(['tableCell', 'tableHeader']),
    get content() {
      return z.array(block).min(1);
    },
  })
  .meta({ id: 'DocTableCell' });
const block: z.ZodType<DocBlock> = z
  .union([
    z.object({
      type: z.literal('paragraph'),
      attrs: z.object({ textAlign: align }).optional(),
      content: inlines,
    }),
    z.object({
      type: z.literal('heading'),
      attrs: z.object({ level: z.union([z.literal(1), z.literal(2), z.literal(3)]), textAlign: align }),
      content: inlines,
    }),
    z.object({ type: z.literal('bulletList'), content: z.array(listItem).min(1) }),
    z.object({
      type: z.literal('orderedList'),
      attrs: z.object({ start: z.number().int().min(0).max(10_000).optional() }).optional(),
      content: z.array(listItem).min(1),
    }),
    z.object({
      type: z.literal('table'),
      content: z
        .array(
          z.object({
            type: z.literal('tableRow'),
            content: z.array(cell).min(1).max(DOC_TABLE_COLUMNS_MAX),
          }),
        )
        .min(1),
    }),
    z.object({ type: z.literal('pageBreak') }),
  ])
  .meta({ id: 'DocBlock' });

/** A part of a document in one language (header, body or footer). */
export const docContentSchema: z.ZodType<DocContent> = z.object({
  type: z.literal('doc'),
  content: z.array(block),
});

export const documentLayoutSchema = z.object({
  paper: z.enum(PAPER_FORMATS),
  /** Millimetres. */
  margins: z.object({
    top: z.number().min(MARGIN_MIN_MM).max(MARGIN_MAX_MM),
    right: z.number().min(MARGIN_MIN_MM).max(MARGIN_MAX_MM),
    bottom: z.number().min(MARGIN_MIN_MM).max(MARGIN_MAX_MM),
    left: z.number().min(MARGIN_MIN_MM).max(MARGIN_MAX_MM),
  }),
  logo: z.enum(LOGO_POSITIONS),
});
export type DocumentLayout = z.infer<typeof documentLayoutSchema>;

export const DEFAULT_DOCUMENT_LAYOUT: DocumentLayout = {
  paper: 'letter',
  margins: { top: 19, right: 19, bottom: 19, left: 19 },
  logo: 'left',
};

export const documentTextSchema = z.object({
  header: docContentSchema,
  body: docContentSchema,
  footer: docContentSchema,
});
export type DocumentText = z.infer<typeof documentTextSchema>;

/** One saved version: who saved it and when (version 0 is the shipped default, never saved). */
export const documentVersionSummarySchema = z.object({
  version: z.number().int(),
  createdAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** Residents whose signed agreement points at this version. */
  signatures: z.number().int(),
});
export type DocumentVersionSummary = z.infer<typeof documentVersionSummarySchema>;

/** GET /documents: the property's documents, each with its current version. */
export const documentSummarySchema = z.object({
  kind,
  signed: z.boolean(),
  version: z.number().int(),
  /** The property saved its own text (else the shipped default is used). */
  custom: z.boolean(),
  languages: z.array(language),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;
export const documentListSchema = z.object({ data: z.array(documentSummarySchema) });

/** GET /documents/{kind}: the current version in each of the property's languages, and every version. */
export const documentSchema = z.object({
  kind,
  signed: z.boolean(),
  variables: z.array(z.string()),
  /** What each variable holds in a preview with sample data. */
  sample: z.record(z.string(), z.string()),
  languages: z.array(language),
  version: z.number().int(),
  custom: z.boolean(),
  layout: documentLayoutSchema,
  texts: z.record(z.string(), documentTextSchema),
  /** The shipped default of each language ("Restore default" puts it back in the editor). */
  defaults: z.record(z.string(), documentTextSchema),
  defaultLayout: documentLayoutSchema,
  versions: z.array(documentVersionSummarySchema),
});
export type DocumentItem = z.infer<typeof documentSchema>;

/**
 * PUT /documents/{kind}: a new version — the layout and the texts of every language the property offers (a language
 * not sent keeps the current version's text). A variable the kind does not offer is refused (422, naming it and
 * where it is); nothing is written then.
 */
export const documentBody = z.object({
  layout: documentLayoutSchema,
  texts: z.partialRecord(language, documentTextSchema),
});
export type DocumentBody = z.input<typeof documentBody>;

/**
 * POST /documents/{kind}/preview: the PDF a text makes (saved or not), for the sample values or for one resident
 * (their values). Without `draft`, the current version: the same bytes as that resident's download.
 */
export const documentPreviewBody = z.object({
  language,
  residentId: z.number().int().positive().optional(),
  draft: documentBody.optional(),
});
export type DocumentPreviewBody = z.input<typeof documentPreviewBody>;

/** The document as the resident's page shows it: the rich text with the variables written. */
export const renderedDocumentSchema = z.object({
  kind,
  version: z.number().int(),
  language,
  header: docContentSchema,
  body: docContentSchema,
  footer: docContentSchema,
});
export type RenderedDocument = z.infer<typeof renderedDocumentSchema>;
