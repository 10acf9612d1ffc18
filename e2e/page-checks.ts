import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** The rules docs/product.md §8 holds the staff pages to: WCAG 2.1 at levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: WCAG_TAGS },
  // WCAG 2.5.3 (label in name, level A): axe leaves this rule out of a tag run unless asked.
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // Only the violations are read; axe skips collecting the details of every passing node.
  resultTypes: ['violations'],
} satisfies axe.RunOptions;

/**
 * The accessibility violations on the page as it is now, one line each: the rule, its help text
 * and where (a few CSS selectors), so a failing walk says what to fix without opening a trace.
 *
 * axe-core is injected once per document and run in place. @axe-core/playwright's AxeBuilder
 * sends the whole engine (about 500 KB) into the page again on every analysis and, by default,
 * opens a blank page to merge the frames' results: measured on /Equipments, 0.6–3 s a run against
 * 0.2–0.5 s this way, and the walk runs axe about 240 times. The staff pages have no frames.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (options) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(document, options);
    return results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary ?? '',
    }));
  }, AXE_OPTIONS);
  return violations.map(({ id, help, targets, summary }) => {
    const more = targets.length > 4 ? ` and ${targets.length - 4} more` : '';
    const detail = summary.split('\n').slice(1, 2).join('').trim();
    return `${id} (${targets.length}×): ${help} at ${targets.slice(0, 4).join(' | ')}${more}${detail ? ` — ${detail}` : ''}`;
  });
}

/**
 * What pushes the page wider than the screen: the document's own scroll width, then every visible
 * element that reaches past the right edge without an ancestor that scrolls or clips it sideways.
 * An absolutely positioned element (the visually hidden text of screen readers among them) is
 * clipped only by a scroller at or inside its containing block: one in a wide table whose scroller
 * is not positioned escapes it and widens the page, so it is checked like any other element.
 * Fixed layers (drawers, dialogs) are out of the page's flow and cannot widen it.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const found: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > viewport) found.push(`the page is ${scrollWidth} px wide in a ${viewport} px window`);

    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const testId = element.getAttribute('data-testid');
      const classes =
        typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 4).join('.') : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${classes ? `.${classes}` : ''}> "${text}"`;
    };
    /** Whether an ancestor clips the element sideways, or a fixed layer holds it. */
    const isContained = (element: Element) => {
      let escaping = getComputedStyle(element).position === 'absolute';
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.position === 'fixed' || style.visibility === 'hidden') return true;
        const clips = style.overflowX !== 'visible';
        // An absolute element escapes every scroller up to its containing block (the nearest
        // positioned ancestor); from there the containing block's own position decides.
        if (!escaping && clips) return true;
        if (escaping && style.position !== 'static') {
          if (clips) return true;
          escaping = style.position === 'absolute';
        }
      }
      return false;
    };

    const reported = new Set<Element>();
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.right <= viewport + 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (isContained(element)) continue;
      reported.add(element);
      // Only the outermost culprit is worth naming; its children overflow because it does.
      let parent = element.parentElement;
      while (parent && !reported.has(parent)) parent = parent.parentElement;
      if (!parent) found.push(`${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return found.slice(0, 6);
  });
}
