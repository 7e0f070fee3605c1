/**
 * What the mail preview's frame may load, on top of the page's own policy (which allows this site's images): inline
 * styles and `data:` images — the property's logo comes in the preview's HTML as one — and nothing from the network,
 * not even this site. Scripts stay off by the frame's `sandbox=""`.
 */
export const FRAME_POLICY =
  `<meta http-equiv="Content-Security-Policy" ` +
  `content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`;

/** The HTML part with the frame's policy first in its head, before anything that could load. */
export const framed = (html: string) =>
  /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${FRAME_POLICY}`)
    : `${FRAME_POLICY}${html}`;
