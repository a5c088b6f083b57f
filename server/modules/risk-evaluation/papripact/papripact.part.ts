import type { Request } from 'express';
import { z } from 'zod';
import { contribute } from '../../../kernel/extension';
import { queryId } from '../../../kernel/http/fields';
import { escapeHtml } from '../../../kernel/pdf';
import { can } from '../../../kernel/rights/registry';
import { duListTools } from '../core/du-list-extras';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { papripactLineEdit, papripactPage, papripactPdf } from './papripact.handlers';
import { papripactDue } from './papripact.service';

const VIEW = 'unique_document.view';
const itemQuery = z.object({ item: queryId });

/**
 * PAPRIPACT (issue 23 item 8, Code du travail L4121-3-1): the yearly prevention programme of an
 * entity built from the actions of its evaluations at or above a chosen level, with its own
 * conditions, indicator and cost per action and year; shown from 50 active employees only.
 */
export const papripactPart: RiskEvaluationPart = {
  routes: [
    { name: 'risk_evaluation_papripact', method: 'GET', path: '/unique-document/papripact', right: VIEW, handler: papripactPage },
    { name: 'risk_evaluation_papripact_pdf', method: 'GET', path: '/unique-document/papripact/pdf', right: VIEW, heavy: 'pdf', handler: papripactPdf },
    { name: 'risk_evaluation_papripact_line_edit', method: ['GET', 'POST'], path: '/unique-document/papripact/lines/{id}', right: 'unique_document.edit', handler: papripactLineEdit },
  ],
  contributes: [contribute(duListTools, {
    key: 'du-papripact',
    order: 80,
    visible: async (req: Request) => can(req.authUser!, VIEW) && papripactDue(req.ctx.db, req.authUser!.tenantId),
    render: (req: Request) => {
      const { item } = itemQuery.parse(req.query);
      const href = req.ctx.routes.path('risk_evaluation_papripact', item ? { item } : {});
      return `<a class="btn btn-sm btn-outline-secondary" href="${escapeHtml(href)}" data-testid="du-papripact"><i class="bi bi-calendar2-check" aria-hidden="true"></i> ${escapeHtml(req.t('du-papripact.title'))}</a>`;
    },
  })],
};
