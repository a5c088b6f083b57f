import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The impacts the accessibility gate refuses (issue 25 item 10): moderate and minor are reported by axe, not gated. */
const GATED = new Set(['critical', 'serious']);

/** One critical or serious violation on one element. */
export interface AxeFinding {
  rule: string;
  impact: string;
  selector: string;
  summary: string;
}

/**
 * The critical and serious axe-core violations of the page, or only of `within` (a CSS selector,
 * e.g. the open modal `.modal.show`), one per element: rule, impact, selector, and axe's summary
 * (the contrast ratio found, the missing parent...). All of axe's rules run, best practices too.
 */
export async function axeFindings(page: Page, within?: string): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page });
  if (within) builder = builder.include(within);
  const results = await builder.analyze();
  const findings: AxeFinding[] = [];
  for (const v of results.violations) {
    if (!GATED.has(v.impact ?? '')) continue;
    for (const node of v.nodes) {
      findings.push({ rule: v.id, impact: v.impact!, selector: node.target.join(' '), summary: (node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim() });
    }
  }
  // AXE_REPORT=<file> keeps every finding (JSON lines) to count them by rule across a run.
  if (process.env.AXE_REPORT) {
    const url = new URL(page.url()).pathname;
    for (const f of findings) fs.appendFileSync(process.env.AXE_REPORT, `${JSON.stringify({ url, within: within ?? null, ...f })}\n`);
  }
  return findings;
}

/**
 * Fails (softly: the spec goes on to the next page and every page's list is reported) when the
 * page, or the part `within`, has a critical or serious axe violation, listing each with its selector.
 */
export async function expectAccessible(page: Page, name: string, within?: string): Promise<void> {
  const findings = await axeFindings(page, within);
  const lines = findings.map((f) => `${f.impact} ${f.rule} — ${f.selector} — ${f.summary}`);
  expect.soft(lines, `${name} (${page.url()}) : ${findings.length} violation(s) critique(s) ou grave(s)\n${lines.join('\n')}`).toEqual([]);
}

/**
 * The labels of required controls (`required` or `aria-required="true"`) of `within` whose label
 * (a group's legend for radios and checkboxes) shows no star (the `::after` of app.css), as the
 * user reads them: every required field is marked.
 */
export async function unmarkedRequiredFields(page: Page, within: string): Promise<string[]> {
  return page.locator(within).evaluate((root) => {
    const out: string[] = [];
    root.querySelectorAll<HTMLElement>('input[required], select[required], textarea[required], [aria-required="true"]').forEach((control) => {
      if (control.getAttribute('type') === 'hidden' || control.offsetParent === null) return;
      // A radio or checkbox group is marked on its legend.
      const group = control.matches('[type="radio"], [type="checkbox"]') ? control.closest('fieldset')?.querySelector('legend') : null;
      const label: HTMLElement | null | undefined = group ?? (control.id ? root.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(control.id)}"]`) : control.closest('label'));
      if (!label || (label.offsetParent === null && label.tagName !== 'LEGEND')) return;
      const star = `${getComputedStyle(label, '::after').content}${label.textContent ?? ''}`;
      if (!star.includes('*')) out.push(label.textContent!.trim());
    });
    return out;
  });
}
