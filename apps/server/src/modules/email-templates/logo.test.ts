import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  flattenAndScale,
  LOGO_SLOT,
  MAIL_LOGO_CID,
  mailLogoSize,
  makeMailLogo,
  placeLogo,
  type Rgba,
} from './logo';

/**
 * The mail's logo (decision 0040, "The logo"): any PNG or JPEG made at most 96 px high and 480 px wide by area
 * average, never enlarged, laid on white, written as an opaque PNG — the same bytes every time.
 */
const image = (width: number, height: number, pixel: (x: number, y: number) => number[]): Rgba => {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4);
  return { width, height, data };
};
const at = (img: Rgba, x: number, y: number) => [
  ...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4),
];
const pngOf = (img: Rgba) => {
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data);
  return PNG.sync.write(png);
};
/** A logo of dark text on transparency: a dark band across its middle, transparent above and below. */
const darkOnTransparent = (width: number, height: number) =>
  image(width, height, (x, y) =>
    y >= height / 4 && y < (3 * height) / 4 ? [10, 20, 30, 255] : [10, 20, 30, 0],
  );

describe('the size a logo is made to', () => {
  it('fits 96 px high and 480 px wide, keeping its shape', () => {
    expect(mailLogoSize(1200, 300)).toEqual({ width: 384, height: 96 });
    expect(mailLogoSize(3000, 300)).toEqual({ width: 480, height: 48 });
    expect(mailLogoSize(200, 1000)).toEqual({ width: 19, height: 96 });
    expect(mailLogoSize(5000, 10)).toEqual({ width: 480, height: 1 });
  });

  it('is never larger than the logo', () => {
    expect(mailLogoSize(100, 50)).toEqual({ width: 100, height: 50 });
    expect(mailLogoSize(480, 96)).toEqual({ width: 480, height: 96 });
    expect(mailLogoSize(1, 1)).toEqual({ width: 1, height: 1 });
    expect(() =>
      flattenAndScale(
        image(2, 2, () => [0, 0, 0, 255]),
        { width: 4, height: 4 },
      ),
    ).toThrow();
  });
});

describe('the area-average downscale', () => {
  it('averages what each output pixel covers, with exact shares of the pixels it cuts', () => {
    // Black and white columns, two to one: each output pixel is half black.
    const stripes = image(4, 2, (x) => (x % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const half = flattenAndScale(stripes, { width: 2, height: 1 });
    expect(at(half, 0, 0)).toEqual([128, 128, 128, 255]);
    expect(at(half, 1, 0)).toEqual([128, 128, 128, 255]);
    // Three to two: output 0 covers input 0 and half of 1, output 1 half of 1 and input 2 — (0 + 255 / 2) / 1.5 = 85.
    const row = image(3, 1, (x) => (x === 1 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const two = flattenAndScale(row, { width: 2, height: 1 });
    expect(at(two, 0, 0)).toEqual([85, 85, 85, 255]);
    expect(at(two, 1, 0)).toEqual([85, 85, 85, 255]);
    // A flat colour stays that colour at any ratio.
    const flat = flattenAndScale(
      image(97, 31, () => [200, 100, 50, 255]),
      { width: 13, height: 7 },
    );
    for (let y = 0; y < 7; y++)
      for (let x = 0; x < 13; x++) expect(at(flat, x, y)).toEqual([200, 100, 50, 255]);
  });

  it('lays the logo on white: transparency is white, half-transparent black is grey, and every pixel opaque', () => {
    const out = flattenAndScale(
      image(
        3,
        1,
        (x) =>
          [
            [0, 0, 0, 0],
            [0, 0, 0, 128],
            [0, 0, 0, 255],
          ][x]!,
      ),
      { width: 3, height: 1 },
    );
    expect(at(out, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(at(out, 1, 0)).toEqual([127, 127, 127, 255]);
    expect(at(out, 2, 0)).toEqual([0, 0, 0, 255]);
    // Transparent pixels' own colour (black here) never darkens the average.
    const edge = flattenAndScale(darkOnTransparent(8, 8), { width: 1, height: 1 });
    expect(at(edge, 0, 0)).toEqual([133, 138, 143, 255]);
  });
});

describe('a logo made for mail', () => {
  it('from a large transparent PNG: a PNG 96 px high, opaque (RGB, no alpha), dark where the logo is', () => {
    const logo = makeMailLogo(pngOf(darkOnTransparent(1200, 300)))!;
    expect(logo).toMatchObject({ width: 384, height: 96 });
    const png = PNG.sync.read(logo.png);
    expect([png.width, png.height]).toEqual([384, 96]);
    // Colour type 2: truecolour without alpha (byte 25 of the header).
    expect(logo.png[25]).toBe(2);
    expect([...png.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const middle = (48 * 384 + 192) * 4;
    expect([...png.data.subarray(middle, middle + 4)]).toEqual([10, 20, 30, 255]);
  });

  it('from a JPEG: the same box, as a PNG', () => {
    const bytes = jpeg.encode(
      { width: 640, height: 480, data: Buffer.from(image(640, 480, () => [30, 120, 200, 255]).data) },
      90,
    ).data;
    const logo = makeMailLogo(bytes)!;
    expect(logo).toMatchObject({ width: 128, height: 96 });
    const png = PNG.sync.read(logo.png);
    expect([png.width, png.height]).toEqual([128, 96]);
    const [r, g, b] = png.data.subarray(0, 3);
    expect(Math.abs(r! - 30) + Math.abs(g! - 120) + Math.abs(b! - 200)).toBeLessThan(12);
  });

  it('a small logo keeps its size (never enlarged)', () => {
    const logo = makeMailLogo(pngOf(darkOnTransparent(40, 20)))!;
    expect(logo).toMatchObject({ width: 40, height: 20 });
  });

  it('the same logo makes the same bytes', () => {
    const bytes = pngOf(
      image(1001, 333, (x, y) => [(x * 7) % 256, (y * 13) % 256, (x ^ y) % 256, (x + y) % 256]),
    );
    const a = makeMailLogo(bytes)!;
    const b = makeMailLogo(Buffer.from(bytes))!;
    expect(a.png.equals(b.png)).toBe(true);
    expect([a.width, a.height]).toEqual([289, 96]);
  });

  it('none from a WebP, a broken file, or a PNG that claims a huge canvas', () => {
    const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
    expect(makeMailLogo(webp)).toBeNull();
    const png = pngOf(darkOnTransparent(50, 50));
    expect(makeMailLogo(png.subarray(0, 60))).toBeNull();
    const huge = Buffer.from(png);
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    expect(makeMailLogo(huge)).toBeNull();
    expect(makeMailLogo(Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]))).toBeNull();
  });
});

describe("the logo's place in the layout", () => {
  const html = `<td>${LOGO_SLOT}Oak &amp; Pine</td>`;
  const logo = { ...makeMailLogo(pngOf(darkOnTransparent(300, 60)))!, name: 'Oak & Pine $& <x>' };

  it('holds the inline image for a mail, 48 CSS px high, its alt the name (escaped, a $ as typed)', () => {
    const out = placeLogo(html, logo, 'cid');
    expect(out).toContain(`src="cid:${MAIL_LOGO_CID}"`);
    expect(out).toContain('alt="Oak &amp; Pine $&amp; &lt;x&gt;"');
    expect(out).toContain('width="240" height="48"');
    expect(out).toMatch(/^<td><!--pk-logo--><img [^>]+><!--\/pk-logo-->Oak &amp; Pine<\/td>$/);
  });

  it('holds a data: image for a preview, and is removed when there is no logo', () => {
    const preview = placeLogo(html, logo, 'data');
    expect(preview).toContain(`src="data:image/png;base64,${logo.png.toString('base64')}"`);
    expect(preview).not.toContain('cid:');
    expect(placeLogo(html, null, 'cid')).toBe('<td>Oak &amp; Pine</td>');
    // An image already placed goes when the logo has gone.
    expect(placeLogo(placeLogo(html, logo, 'cid'), null, 'cid')).toBe('<td>Oak &amp; Pine</td>');
  });

  it('shows a logo shorter than 48 px at its own size', () => {
    const small = { ...makeMailLogo(pngOf(darkOnTransparent(60, 20)))!, name: 'x' };
    expect(placeLogo(html, small, 'cid')).toContain('width="60" height="20"');
  });
});
