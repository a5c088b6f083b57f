import type { Request, Response } from 'express';
import { isBlank } from '../../../kernel/http/fields';
import { renderScreen } from '../../../kernel/http/render';
import { saved, stale, tenantOf } from '../../../kernel/http/respond';
import type { RangeProblem, RangeRow } from '../core/rating';
import { listLevelsWithUsage, saveLevels } from './levels.service';
import { levelRowSchema, type LevelRowInput } from './nomenclatures.schema';

/** The form's name: rows are `du_priority_levels[levels][<n>][<field>]`. */
const FORM = 'du_priority_levels';

type RowErrors = Record<string, string>;

/** The rows as posted (an array, or an object keyed by index past the body parser's array limit). */
function postedRows(body: unknown): Array<Record<string, unknown>> {
  const form = body && typeof body === 'object' ? (body as Record<string, any>)[FORM] : undefined;
  const raw = form && typeof form === 'object' ? form.levels : undefined;
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  return list.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object');
}

/** A new row left blank is not a level. */
const isBlankNewRow = (r: Record<string, unknown>) => isBlank(r.id) && ['label', 'minValue', 'maxValue', 'description'].every((f) => isBlank(r[f]));

/** « de 7 à 16 », « à partir de 33 ». */
function rangeText(req: Request, r: RangeRow): string {
  return r.maxValue === null ? req.t('risk-evaluation.levels.range_open', { min: r.minValue }) : req.t('risk-evaluation.levels.range', { min: r.minValue, max: r.maxValue });
}

/** The French sentence of a refused set of ranges. */
function problemError(req: Request, p: RangeProblem): { key: string; params: Record<string, unknown> } {
  if (p.kind === 'gap') return { key: 'risk-evaluation.levels.gap', params: { from: p.from, to: p.to } };
  return { key: 'risk-evaluation.levels.overlap', params: { first: p.first.label, firstRange: rangeText(req, p.first), second: p.second.label, secondRange: rangeText(req, p.second) } };
}

async function levelsForm(req: Request, res: Response, rows: Array<Record<string, unknown>>, errors: RowErrors[] = [], formError: { key: string; params: Record<string, unknown> } | null = null): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/nomenclatures/_levels_form', {
    title: req.t('risk-evaluation.levels.edit_title'), rows, errors, formError, form: FORM,
  });
}

/**
 * `GET|POST /unique-document/priority-levels/edit` (unique_document_priority_levels): every level in
 * one form, plus a blank row to add one; the set is saved whole (ranges are checked together: moving
 * a bound touches two levels) or refused with a French message, what was typed kept.
 */
export async function levelsEdit(req: Request, res: Response): Promise<void> {
  const tenantId = tenantOf(req);
  if (req.method === 'GET') {
    const levels = await listLevelsWithUsage(req.ctx.db, tenantId);
    return levelsForm(req, res, [...levels.map((l) => ({ ...l, maxValue: l.maxValue ?? '' })), { color: '#0d6efd' }]);
  }
  const posted = postedRows(req.body);
  const rows = posted.filter((r) => !isBlankNewRow(r));
  const errors: RowErrors[] = [];
  const parsed: LevelRowInput[] = [];
  for (const r of rows) {
    const result = levelRowSchema.safeParse(r);
    const rowErrors: RowErrors = {};
    if (result.success) parsed.push(result.data);
    else for (const issue of result.error.issues) rowErrors[String(issue.path[0] ?? 'label')] ??= /^[\w.-]+$/.test(issue.message) ? issue.message : 'validation.invalid';
    errors.push(rowErrors);
  }
  if (errors.some((e) => Object.keys(e).length)) return levelsForm(req, res, rows, errors);
  if (!parsed.some((r) => !r.remove)) return levelsForm(req, res, rows, [], { key: 'risk-evaluation.levels.none', params: {} });
  const result = await saveLevels(req.ctx.db, tenantId, parsed);
  if (result.ok) return saved(req, res, 'risk-evaluation.flash.levels_saved');
  if ('stale' in result) return stale(req, res);
  if ('problem' in result) return levelsForm(req, res, rows, [], problemError(req, result.problem));
  return levelsForm(req, res, rows, [], { key: 'risk-evaluation.levels.in_use', params: result.inUse });
}
