import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A library loaded on first use instead of at start-up. The PDF, spreadsheet, QR, TOTP and mail libraries each take
 * 0.2–0.5 s to load and most requests never touch them: loading them when first needed keeps `npm start` quick.
 * Synchronous (CommonJS `require`), so callers keep their shape: `const PDFDocument = pdfkit();`.
 */
export function lazy<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
