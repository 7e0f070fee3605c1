import type { Language } from '@parkade/contract';

/** What a document's variables hold for one reader (a value is text, written as typed). */
export type DocValues = Record<string, string>;

/**
 * Everything a signed agreement's PDF is drawn from besides its version (decision 0042), kept with the signature:
 * the language it was read in, what its variables held, which logo it drew (a document_assets row), and when the PDF
 * says it was made. The same snapshot and version draw the same bytes, years later.
 */
export interface SignedSnapshot {
  language: Language;
  values: DocValues;
  logoSha256: string | null;
  /** The PDF's creation date (ISO): the signing instant. */
  createdAt: string;
  /** "Signed on …" as the resident read it (in their language, the day in the property's zone then). */
  signedLine: string;
}
