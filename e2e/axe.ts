import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/* The accessibility scan every page a journey visits passes (DESIGN §6–7), with this worker's memory of the
 * documents it already passed. */

/**
 * axe scan (axe-core 4.14, its current rules): fails on serious and critical violations of WCAG 2.0–2.2 A/AA and
 * best practices — label in name (2.5.3) and target size (2.5.8) included.
 * `exclude` (selectors) and `disableRules` scope out third-party markup we cannot fix; every use must say why
 * (see docs/decisions/0006-api-docs-axe-scope.md). Our own pages use neither.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  scope: { exclude?: string[]; disableRules?: string[] } = {},
) {
  // The same document at the same size has the same verdict: a page already scanned by this worker, identical to
  // the byte but for React's generated ids (decision 0035), is not scanned again.
  const seen = await page.evaluate(() => {
    const b = globalThis as unknown as {
      innerWidth: number;
      innerHeight: number;
      document: { documentElement: { outerHTML: string } };
    };
    const html = b.document.documentElement.outerHTML;
    return `${b.innerWidth}x${b.innerHeight} ${html}`;
  });
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify(scope))
    .update(seen.replace(/_r_[0-9a-z]+_|:r[0-9a-z]+:/g, '_r_'))
    .digest('hex');
  if (scanned.has(key)) {
    axeStats.skipped++;
    return;
  }
  axeStats.scanned++;
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'])
    // Only the violations are reported in detail (the same rules run): a faster scan, the same verdict.
    .options({ resultTypes: ['violations'] })
    // A document without frames is scanned by axe.run in the page itself (decision 0035): the default runs axe in
    // every frame, then opens a blank page to merge their results — a second of a three-times-longer scan that
    // merges nothing when there is one frame. A page with frames keeps the default, which scans them all, unless
    // its frames are sandboxed without scripts (a mail's preview, `sandbox=""`): axe cannot run in those (Chromium
    // blocks it, logging an error at each try, until the scan times out), so the page is scanned alone, as a page
    // without frames — the frame itself (its title) is still checked from the page.
    .setLegacyMode(!(await hasScriptableFrames(page)));
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  if (scope.disableRules?.length) builder = builder.disableRules(scope.disableRules);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  expect(serious, `axe found serious violations on ${page.url()}`).toEqual([]);
  scanned.add(key);
}
/** Whether the page has a frame that may run scripts (one axe can be run in). */
async function hasScriptableFrames(page: Page): Promise<boolean> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    // A frame gone since page.frames() was read is not scanned either way.
    const element = await frame.frameElement().catch(() => null);
    if (!element) continue;
    const sandbox = await element.getAttribute('sandbox');
    if (sandbox === null || /(^|\s)allow-scripts(\s|$)/.test(sandbox)) return true;
  }
  return false;
}

/** The documents this worker's scans passed, by their digest. */
const scanned = new Set<string>();
const axeStats = { scanned: 0, skipped: 0 };
process.on('exit', () => {
  if (axeStats.scanned + axeStats.skipped > 0)
    console.log(
      `axe: ${axeStats.scanned} documents scanned, ${axeStats.skipped} already scanned documents skipped`,
    );
});
