import { navEntry, defineResource } from './resource';

/**
 * Documents (SPEC §2.2 `/documents`, §2.5 "parking policies and permit agreement, with header, body and footer text,
 * variables, layout, paper format, logo choice, margins and preview"; issue 37 §1, decision 0042).
 *
 * A property has one document of each kind. Each save is a new, immutable version: its header, body and footer per
 * language (rich text in a safe subset, `DocContent`), and its layout. A property that never saved a kind uses the
 * shipped default (the translations' texts). The agreement a resident signs points at the version they read.
 * A kind is data: adding one is an entry here (its variables, whether it is signed) and its default texts.
 */
export const documentsResource = defineResource({
  name: 'documents',
  actions: ['index', 'show', 'edit'],
  routes: {
    '/documents': 'index',
    '/documents/$documentId/show': 'show',
    '/documents/$documentId/edit': 'edit',
  },
  nav: [navEntry('administration', '/documents', 'documents')],
  audited: { document_versions: { record: '/documents/{id}/show' } },
});

/** The variables every document offers (values come from the resident, the property and today). */
const COMMON_VARIABLES = [
  'residentName',
  'residentEmail',
  'unit',
  'building',
  'propertyName',
  'propertyAddress',
  'today',
  'vehiclesAllowed',
  'changesAllowed',
  'visitorValidity',
  'towGraceHours',
] as const;

/** The variables of the resident's current permit (empty when they hold none). */
const PERMIT_VARIABLES = ['permitCode', 'plate', 'vehicle', 'startDate', 'endDate'] as const;

export interface DocumentKindDef {
  /** The variables its texts may use, in the order the editor lists them. */
  variables: readonly string[];
  /** A resident signs it: `{{signature}}` places the signature block (else it follows the body). */
  signed: boolean;
  /** The translation keys of the shipped default: its title (the header) and its body. */
  defaultTitle: string;
  defaultBody: readonly string[];
}

export const DOCUMENT_KINDS = {
  'parking-policies': {
    variables: [...COMMON_VARIABLES],
    signed: false,
    defaultTitle: 'residents.policies.title',
    defaultBody: ['residents.policies.body'],
  },
  'permit-agreement': {
    variables: [...COMMON_VARIABLES, ...PERMIT_VARIABLES, 'signature'],
    signed: true,
    defaultTitle: 'residents.agreement.title',
    defaultBody: ['residents.agreement.body', 'residents.policies.title', 'residents.policies.body'],
  },
} as const satisfies Record<string, DocumentKindDef>;

export type DocumentKind = keyof typeof DOCUMENT_KINDS;
export const DOCUMENT_KIND_KEYS = Object.keys(DOCUMENT_KINDS) as DocumentKind[];
export const isDocumentKind = (v: unknown): v is DocumentKind =>
  typeof v === 'string' && Object.hasOwn(DOCUMENT_KINDS, v);
export const documentKindLabel = (kind: DocumentKind) => `documents.kind.${kind}`;

/** The three parts of a document, in reading order (the header opens page 1; the footer closes every page). */
export const DOCUMENT_PARTS = ['header', 'body', 'footer'] as const;
export type DocumentPart = (typeof DOCUMENT_PARTS)[number];

export const PAPER_FORMATS = ['letter', 'a4', 'legal'] as const;
export type PaperFormat = (typeof PAPER_FORMATS)[number];
export const LOGO_POSITIONS = ['none', 'left', 'center', 'right'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];
/** Margins in millimetres. */
export const MARGIN_MIN_MM = 5;
export const MARGIN_MAX_MM = 50;

/** Limits of a document's rich text (per part and language): what a parking agreement can need, with room. */
export const DOC_TEXT_MAX = 60_000;
export const DOC_NODES_MAX = 5_000;
export const DOC_DEPTH_MAX = 8;
export const DOC_TABLE_COLUMNS_MAX = 8;

/*
 * The rich text (a TipTap/ProseMirror document in a safe subset). Text is text: there is no HTML anywhere, so nothing
 * a manager types can become markup, a script or a remote image. Variables are written in the text as `{{name}}`.
 */
export type DocMark = { type: 'bold' | 'italic' | 'underline' };
export type DocInline = { type: 'text'; text: string; marks?: DocMark[] } | { type: 'hardBreak' };
export type DocAlign = 'left' | 'center' | 'right' | 'justify';
export type DocParagraph = { type: 'paragraph'; attrs?: { textAlign?: DocAlign }; content?: DocInline[] };
export type DocHeading = {
  type: 'heading';
  attrs: { level: 1 | 2 | 3; textAlign?: DocAlign };
  content?: DocInline[];
};
export type DocListItem = { type: 'listItem'; content: DocBlock[] };
export type DocBulletList = { type: 'bulletList'; content: DocListItem[] };
export type DocOrderedList = { type: 'orderedList'; attrs?: { start?: number }; content: DocListItem[] };
export type DocTableCell = { type: 'tableCell' | 'tableHeader'; content: DocBlock[] };
export type DocTableRow = { type: 'tableRow'; content: DocTableCell[] };
export type DocTable = { type: 'table'; content: DocTableRow[] };
export type DocPageBreak = { type: 'pageBreak' };
export type DocBlock = DocParagraph | DocHeading | DocBulletList | DocOrderedList | DocTable | DocPageBreak;
export type DocContent = { type: 'doc'; content: DocBlock[] };

export const emptyDoc = (): DocContent => ({ type: 'doc', content: [{ type: 'paragraph' }] });

/** Every text of a document, in reading order (for variables, search and the plain-text rendering). */
export function docTexts(node: DocContent | DocBlock | DocListItem | DocTableRow | DocTableCell): string[] {
  const out: string[] = [];
  const walk = (n: { type: string; text?: string; content?: unknown[] }) => {
    if (n.type === 'text' && typeof n.text === 'string') out.push(n.text);
    for (const c of n.content ?? []) walk(c as typeof n);
  };
  walk(node);
  return out;
}
