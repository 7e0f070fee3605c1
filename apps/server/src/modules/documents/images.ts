import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';

/**
 * Images as a document draws them (decision 0042): a PNG with transparency (a drawn signature always has it, a logo
 * often) is laid on white and written as an opaque PNG first. pdfkit splits a transparent PNG's alpha channel in the
 * background and numbers its objects when that ends, so two such images could be numbered in either order — the same
 * document with different bytes, about once in a few hundred draws (measured by bench/documents.ts). An opaque PNG or
 * a JPEG is embedded as it is read: the same inputs, the same bytes, every time. Kept per content (a logo is drawn on
 * every document), a few at a time.
 */
const KEEP = 16;
const kept = new Map<string, Buffer>();

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

export function opaqueImage(bytes: Buffer): Buffer {
  if (!bytes.subarray(0, 4).equals(PNG_MAGIC)) return bytes;
  const key = createHash('sha256').update(bytes).digest('hex');
  const hit = kept.get(key);
  if (hit) return hit;
  let out: Buffer;
  try {
    const png = PNG.sync.read(bytes);
    const { width, height, data } = png;
    const rgb = new PNG({ width, height, colorType: 2, inputColorType: 6, inputHasAlpha: true });
    for (let i = 0; i < data.length; i += 4) {
      const a = data[i + 3]! / 255;
      rgb.data[i] = Math.round(data[i]! * a + 255 * (1 - a));
      rgb.data[i + 1] = Math.round(data[i + 1]! * a + 255 * (1 - a));
      rgb.data[i + 2] = Math.round(data[i + 2]! * a + 255 * (1 - a));
      rgb.data[i + 3] = 255;
    }
    out = PNG.sync.write(rgb, { colorType: 2 });
  } catch {
    // Not a PNG pngjs can read: drawn as it is (pdfkit leaves out what it cannot read either).
    out = bytes;
  }
  if (kept.size >= KEEP) kept.delete(kept.keys().next().value!);
  kept.set(key, out);
  return out;
}
