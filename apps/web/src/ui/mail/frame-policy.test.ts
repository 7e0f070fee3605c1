import { describe, expect, it } from 'vitest';
import { FRAME_POLICY, framed } from './frame-policy';

describe("the mail preview frame's policy", () => {
  it('goes first in the head, before the styles and the images', () => {
    const html =
      '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8"><style>p{}</style></head><body>x</body></html>';
    const out = framed(html);
    expect(out).toBe(html.replace('<head>', `<head>${FRAME_POLICY}`));
    expect(out.indexOf(FRAME_POLICY)).toBeLessThan(out.indexOf('<style>'));
  });

  it('loads images from data: only, nothing else from anywhere', () => {
    expect(FRAME_POLICY).toContain("default-src 'none'");
    expect(FRAME_POLICY).toContain('img-src data:;');
  });

  it('still comes first in HTML without a head', () => {
    expect(framed('<p>x</p>')).toBe(`${FRAME_POLICY}<p>x</p>`);
  });
});
