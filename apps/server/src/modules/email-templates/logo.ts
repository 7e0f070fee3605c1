import { eq } from 'drizzle-orm';
import type * as JpegJs from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Tx } from '../../platform/db';
import { escapeHtml } from '../../platform/html';
import { lazy } from '../../platform/lazy';
import { streamToBuffer } from '../../platform/pdf';
import type { Storage } from '../../platform/storage';
import { files } from '../files/table';
import { properties } from '../properties/table';

const jpeg = lazy<typeof JpegJs>('jpeg-js');

/**
 * The property's logo in its mail (decision 0040, "The logo"): the logo file made small — at most MAIL_LOGO_HEIGHT
 * pixels high and MAIL_LOGO_WIDTH wide, never enlarged —, laid on white and written as a PNG. Shown 48 CSS pixels
 * high (twice as many pixels: sharp on a phone's screen); a PNG or JPEG logo only (a WebP logo is left out: the name
 * alone). Made once per logo file and kept in memory.
 */
export const MAIL_LOGO_HEIGHT = 96;
export const MAIL_LOGO_WIDTH = 480;
/** CSS pixels the logo is shown high (a logo with fewer pixels than that is shown at its own size). */
export const MAIL_LOGO_CSS_HEIGHT = 48;
/** A logo larger than this (pixels) is not decoded: an upload of 5 MB can claim a huge canvas. */
const MAX_PIXELS = 16_000_000;
/** The Content-ID of the logo's inline part, referenced by the HTML as `cid:…` (one logo per message). */
export const MAIL_LOGO_CID = 'property-logo@parkade';

export interface MailLogo {
  /** The opaque PNG. */
  png: Buffer;
  width: number;
  height: number;
}

/** RGBA pixels, 8 bits a channel. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The size an image of `width` × `height` is made to fit the mail's box, never larger than it is. */
export function mailLogoSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAIL_LOGO_HEIGHT / height, MAIL_LOGO_WIDTH / width);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * For each of `to` output pixels along one axis of `from` input pixels, the input pixels it covers and by how much
 * (weights summing to 1). Output pixel x covers [x·from/to, (x+1)·from/to): in units of 1/to that is
 * [x·from, (x+1)·from), and input pixel i is [i·to, (i+1)·to) — integers, so the weights are exact and the same on
 * every machine.
 */
function coverage(from: number, to: number): { first: number; weights: number[] }[] {
  const out = [];
  for (let x = 0; x < to; x++) {
    const start = x * from;
    const end = start + from;
    const first = Math.floor(start / to);
    const weights: number[] = [];
    for (let i = first; i * to < end; i++) {
      const overlap = Math.min(end, (i + 1) * to) - Math.max(start, i * to);
      weights.push(overlap / from);
    }
    out.push({ first, weights });
  }
  return out;
}

/**
 * The image laid on white (a dark logo on transparency would vanish on a dark mail) and scaled to `size` by area
 * average: each output pixel is the mean of the input it covers, weighted by how much of each input pixel it covers.
 * Opaque RGBA out. Plain arithmetic on exact weights: the same pixels in, the same pixels out.
 */
export function flattenAndScale(image: Rgba, size: { width: number; height: number }): Rgba {
  const { width: w, height: h, data } = image;
  const { width: W, height: H } = size;
  if (W > w || H > h) throw new Error('flattenAndScale only makes an image smaller');
  // On white, as floats (three channels).
  const flat = new Float64Array(w * h * 3);
  for (let p = 0; p < w * h; p++) {
    const a = data[p * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) flat[p * 3 + c] = data[p * 4 + c]! * a + 255 * (1 - a);
  }
  // Across, then down.
  const across = coverage(w, W);
  const wide = new Float64Array(W * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < W; x++) {
      const { first, weights } = across[x]!;
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let k = 0; k < weights.length; k++) sum += flat[(y * w + first + k) * 3 + c]! * weights[k]!;
        wide[(y * W + x) * 3 + c] = sum;
      }
    }
  const down = coverage(h, H);
  const out = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    const { first, weights } = down[y]!;
    for (let x = 0; x < W; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let k = 0; k < weights.length; k++) sum += wide[((first + k) * W + x) * 3 + c]! * weights[k]!;
        out[(y * W + x) * 4 + c] = Math.min(255, Math.max(0, Math.round(sum)));
      }
      out[(y * W + x) * 4 + 3] = 255;
    }
  }
  return { width: W, height: H, data: out };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The pixels of a PNG or JPEG (by its bytes, not its name), or null: another format, too large, or unreadable. */
function decode(bytes: Buffer): Rgba | null {
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) {
    // The header's size first (IHDR: width and height at 16 and 20): pngjs would allocate whatever it claims.
    if (bytes.length < 24) return null;
    if (bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > MAX_PIXELS) return null;
    const png = PNG.sync.read(bytes);
    return { width: png.width, height: png.height, data: png.data };
  }
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC)) {
    const img = jpeg().decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 256,
    });
    return { width: img.width, height: img.height, data: img.data };
  }
  return null;
}

/** A logo's bytes made into the mail's logo, or null when they cannot be (never an error: the mail goes without). */
export function makeMailLogo(bytes: Buffer): MailLogo | null {
  try {
    const image = decode(bytes);
    if (!image || !image.width || !image.height) return null;
    const small = flattenAndScale(image, mailLogoSize(image.width, image.height));
    const png = new PNG({
      width: small.width,
      height: small.height,
      colorType: 2,
      inputColorType: 6,
      inputHasAlpha: true,
    });
    png.data = Buffer.from(small.data.buffer, small.data.byteOffset, small.data.byteLength);
    return {
      png: PNG.sync.write(png, { colorType: 2, deflateLevel: 9 }),
      width: small.width,
      height: small.height,
    };
  } catch {
    return null;
  }
}

/**
 * Logos made, by storage key (a new logo is a new file with a new key, so a kept one is never stale), the most
 * recently used last; a logo that could not be made is kept as null (it is not tried again for every mail).
 */
const KEEP = 32;
const made = new Map<string, Promise<MailLogo | null>>();

async function madeFor(storage: Storage, storageKey: string): Promise<MailLogo | null> {
  const hit = made.get(storageKey);
  if (hit) {
    made.delete(storageKey);
    made.set(storageKey, hit);
    return hit;
  }
  const making = streamToBuffer(storage.read(storageKey)).then(makeMailLogo);
  made.set(storageKey, making);
  if (made.size > KEEP) made.delete(made.keys().next().value!);
  try {
    return await making;
  } catch (err) {
    // The file could not be read (gone, the store down): not kept, so the next mail tries again.
    if (made.get(storageKey) === making) made.delete(storageKey);
    throw err;
  }
}

/** A property's logo as its mail shows it, with the name it is shown for (its `alt`). */
export interface PropertyMailLogo extends MailLogo {
  name: string;
}

/**
 * The property's mail logo, or null: no logo, a WebP one, a file gone from the store, or one that cannot be made.
 * Reads the property and its file in the caller's transaction (any scope that sees them).
 */
export async function propertyMailLogo(
  tx: Tx,
  storage: Storage,
  propertyId: number,
): Promise<PropertyMailLogo | null> {
  const [row] = await tx
    .select({ name: properties.name, mimeType: files.mimeType, storageKey: files.storageKey })
    .from(properties)
    .innerJoin(files, eq(files.id, properties.logoFileId))
    .where(eq(properties.id, propertyId));
  if (!row || !['image/png', 'image/jpeg'].includes(row.mimeType)) return null;
  try {
    const logo = await madeFor(storage, row.storageKey);
    return logo && { ...logo, name: row.name };
  } catch {
    return null;
  }
}

/**
 * The layout's place for the logo (render.ts `layout`): two marker comments in the header. Whoever sends or shows the
 * mail fills it (`placeLogo`). Nothing typed by anyone can make them: the template's text and every value are escaped
 * into the HTML part, so a `<!--` there is `&lt;!--`.
 */
export const LOGO_SLOT = '<!--pk-logo--><!--/pk-logo-->';
const SLOT = /<!--pk-logo-->[\s\S]*?<!--\/pk-logo-->/;

/** Whether an HTML part has a place for the logo (a mail written before the logo, or plain text, has none). */
export const hasLogoSlot = (html: string | null | undefined): html is string => !!html && SLOT.test(html);

/**
 * The HTML part with the logo in its place — `src` the inline part's `cid:` for a mail, a `data:` URI for a preview
 * (it loads nothing) — or with the place removed when there is no logo. Whatever the place held is replaced, so a
 * logo gone by delivery leaves no image behind.
 */
export function placeLogo(html: string, logo: PropertyMailLogo | null, src: 'cid' | 'data'): string {
  // Replaced by a function: a `$` in the name is text, never a replacement pattern.
  if (!logo) return html.replace(SLOT, () => '');
  const height = Math.min(MAIL_LOGO_CSS_HEIGHT, logo.height);
  const width = Math.max(1, Math.round((logo.width * height) / logo.height));
  const url = src === 'cid' ? `cid:${MAIL_LOGO_CID}` : `data:image/png;base64,${logo.png.toString('base64')}`;
  const img =
    `<img src="${url}" alt="${escapeHtml(logo.name)}" width="${width}" height="${height}" class="pk-logo"` +
    ` style="display:block;border:0;outline:none;margin:0 0 12px;max-width:100%;height:auto;border-radius:4px">`;
  return html.replace(SLOT, () => `<!--pk-logo-->${img}<!--/pk-logo-->`);
}

/** The logo's inline part, as nodemailer takes it (the HTML names it by its Content-ID). */
export const logoAttachment = (logo: MailLogo) => ({
  filename: 'logo.png',
  cid: MAIL_LOGO_CID,
  content: logo.png,
  contentType: 'image/png',
  contentDisposition: 'inline' as const,
});
