/*
 * Text a visitor typed (their name, their plate), as it may appear in a mail (decision 0037). Anyone holding the
 * poster's token can type it, and the server mails it to the resident named and to whatever address the visitor
 * gave, so it is handled as a stranger's words:
 * - only ever in the mail's plain-text body, never in a subject (the mails are text only, no HTML);
 * - on one line, without control, format or bidirectional characters, quotes replaced (it cannot close the quotes
 *   the templates put around it);
 * - with nothing a mail program turns into a link: a scheme's colon, a dot before a domain-like word and `@` are
 *   written `[:]`, `[.]` and `[at]`, and `http` becomes `hxxp` (https://evil.example → hxxps[:]//evil[.]example);
 * - at most MAIL_TEXT_MAX characters, cut with "…".
 */

/** The longest text of a visitor's in a mail, in characters (a name; the plate is shorter by its schema). */
export const MAIL_TEXT_MAX = 80;

// Control (Cc), format (Cf: zero-width, bidirectional overrides) and line or paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A visitor's text as a mail may quote it: one line, no live link, at most `max` characters. */
export function visitorText(raw: string | null | undefined, max = MAIL_TEXT_MAX): string {
  if (!raw) return '';
  const defanged = raw
    .normalize('NFKC')
    .replace(INVISIBLE, ' ')
    .replace(/[“”„‟"«»]/g, "'")
    // A scheme (https:, mailto:, javascript:…) followed by anything: the colon is broken.
    .replace(/([\p{L}][\p{L}\p{N}+.-]*):(?=\S)/gu, '$1[:]')
    .replace(/\bhttp(s?)\[:\]/gi, (_m, s: string) => `hxxp${s}[:]`)
    // A dot before a word of two letters or digits or more: what makes a host name (evil.example, www.x).
    .replace(/\.(?=[\p{L}\p{N}]{2})/gu, '[.]')
    .replace(/@/g, '[at]')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...defanged];
  return chars.length <= max ? defanged : `${chars.slice(0, max - 1).join('')}…`;
}
