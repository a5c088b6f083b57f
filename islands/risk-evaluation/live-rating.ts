import { possibleDamages, rate, type LevelRange } from '../../server/modules/risk-evaluation/core/rating';

/** The island's props: the company's priority levels and the text shown when none holds the value. */
export interface RatingProps {
  levels: LevelRange[];
  noLevel: string;
}

const valuationOf = (root: ParentNode, kind: string): number | null => {
  const select = root.querySelector<HTMLSelectElement>(`select[data-rating="${kind}"]`);
  const raw = select?.selectedOptions[0]?.dataset.valuation;
  return raw === undefined || raw === '' ? null : Number(raw);
};

/** Dark text on the light colours of the palette, white on the others (as the server's badge). */
const LIGHT = ['#ffc107', '#ffffff', '#9ccc65', '#20c997', '#0dcaf0', '#5bc0de', '#ced4da', '#fd7e14'];

function levelBadge(level: LevelRange | null, noLevel: string): HTMLElement {
  const badge = document.createElement('span');
  if (!level) {
    badge.className = 'text-muted';
    badge.textContent = noLevel;
    return badge;
  }
  badge.className = 'badge border';
  badge.style.backgroundColor = level.color;
  badge.style.color = LIGHT.includes(level.color.toLowerCase()) ? '#212529' : '#ffffff';
  badge.dataset.level = level.label;
  badge.textContent = level.label;
  return badge;
}

/**
 * Shows, from the selected gravity, probability and control, the gross risk, the priority risk and
 * its level (the same pure rule as the server, which recomputes on save); a dash while one is missing.
 */
export function updateRating(root: ParentNode, props: RatingProps): void {
  const g = valuationOf(root, 'gravity');
  const p = valuationOf(root, 'probability');
  const c = valuationOf(root, 'control');
  const out = (name: string) => root.querySelector<HTMLElement>(`[data-rating-output="${name}"]`);
  const gross = out('gross');
  const priority = out('priority');
  const level = out('level');
  if (g === null || p === null) {
    if (gross) gross.textContent = '—';
    if (priority) priority.textContent = '—';
    level?.replaceChildren('—');
    return;
  }
  if (gross) gross.textContent = String(g * p);
  if (c === null) {
    if (priority) priority.textContent = '—';
    level?.replaceChildren('—');
    return;
  }
  const r = rate(g, p, c, props.levels);
  if (priority) priority.textContent = String(r.priorityRisk);
  level?.replaceChildren(levelBadge(r.level, props.noLevel));
}

/** Shows the de-duplicated union of the injuries of the selected associated risks, comma-joined. */
export function updateDamages(root: ParentNode): void {
  const select = root.querySelector<HTMLSelectElement>('select[data-testid="du-risks-select"]');
  const out = root.querySelector<HTMLElement>('[data-rating-output="damages"]');
  if (!select || !out) return;
  const lists = Array.from(select.selectedOptions).map((o) => (o.dataset.injuries ?? '').split('|'));
  out.textContent = possibleDamages(lists).join(', ');
}
