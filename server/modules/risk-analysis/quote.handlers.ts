import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { quoteSchema } from './catalogue.schema';
import { defaultQuoteValue, severityFor } from './quote-matrix';
import { findAxes, findQuote, loadMatrix, saveQuote } from './quote.service';
import { saved, stale, tenantOf } from '../../kernel/http/respond';

/** `GET /admin/quotes`: the matrix, probabilities (rows) x consequences (columns), each cell its quote; and the severity levels. */
export async function matrix(req: Request, res: Response): Promise<void> {
  const m = await loadMatrix(req.ctx.db, tenantOf(req));
  const cell = (c: number, p: number) => m.quotes.find((q) => q.consequenceId === c && q.probabilityId === p) ?? null;
  await renderScreen(req, res, 'risk-analysis/quotes/index', { title: req.t('risk-analysis.quotes.title'), hideTitle: true, ...m, cell });
}

interface Pair { consequenceId: number; probabilityId: number; consequenceLabel: string; probabilityLabel: string }

async function renderForm(req: Request, res: Response, pair: Pair, quoteId: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const action = quoteId ? req.ctx.routes.path('pdp_quote_edit', { id: quoteId })
    : req.ctx.routes.path('pdp_quote_add', { consequence: pair.consequenceId, probability: pair.probabilityId });
  await renderScreen(req, res, 'risk-analysis/quotes/_quote_form', {
    title: req.t(quoteId ? 'risk-analysis.quotes.edit_title' : 'risk-analysis.quotes.new_title'), action, pair, values, errors,
  });
}

async function save(req: Request, res: Response, pair: Pair, quoteId: number | null): Promise<void> {
  const form = parseForm(quoteSchema, req.body, 'quote');
  if (!form.ok) return renderForm(req, res, pair, quoteId, form.values, form.errors);
  const result = await saveQuote(req.ctx.db, tenantOf(req), quoteId, pair, form.data);
  if (!result.ok) {
    return stale(req, res);
  }
  const params = { consequence: pair.consequenceLabel, probability: pair.probabilityLabel };
  saved(req, res, 'risk-analysis.quotes.saved', params);
}

/**
 * `GET|POST /admin/quotes/new/{consequence}/{probability}` (spec `pdp_quote_add`): fills an empty
 * cell. The form proposes consequence level x probability level and the colour of its severity level.
 */
export async function addQuote(req: Request, res: Response): Promise<void> {
  const axes = await findAxes(req.ctx.db, tenantOf(req), Number(req.routeParams.consequence), Number(req.routeParams.probability));
  if (!axes) throw new HttpError(404, 'errors.not_found.title');
  // Someone filled the cell meanwhile: edit it instead of adding a second quote.
  if (axes.existingId) {
    if (req.method === 'POST') {
      return stale(req, res);
    }
    return res.redirect(req.ctx.routes.path('pdp_quote_edit', { id: axes.existingId }) + (req.query.inModal ? '?inModal=1' : ''));
  }
  const pair = { consequenceId: axes.consequence.id, probabilityId: axes.probability.id, consequenceLabel: axes.consequence.label, probabilityLabel: axes.probability.label };
  if (req.method === 'POST') return save(req, res, pair, null);
  const value = defaultQuoteValue(axes.consequence.level, axes.probability.level);
  const { levels } = await loadMatrix(req.ctx.db, tenantOf(req));
  await renderForm(req, res, pair, null, {
    label: `C${axes.consequence.level} × P${axes.probability.level}`, value, color: severityFor(levels, value)?.color ?? '#6c757d', version: 0,
  });
}

/** `GET|POST /admin/quotes/{id}/edit` (spec `pdp_quote_edit`): label, value and colour of a cell. */
export async function editQuote(req: Request, res: Response): Promise<void> {
  const q = await findQuote(req.ctx.db, tenantOf(req), Number(req.routeParams.id));
  if (!q) throw new HttpError(404, 'errors.not_found.title');
  const pair = { consequenceId: q.consequenceId, probabilityId: q.probabilityId, consequenceLabel: q.consequenceLabel, probabilityLabel: q.probabilityLabel };
  if (req.method === 'POST') return save(req, res, pair, q.id);
  await renderForm(req, res, pair, q.id, { label: q.label, value: q.value, color: q.color, version: q.version });
}
