import type { Request } from 'express';
import { contribute } from '../../../kernel/extension';
import { can } from '../../../kernel/rights/registry';
import { duTabs } from '../core/du-tabs';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { seedPapripactDemo } from './papripact.demo';
import { papripactLineEdit, papripactPage, papripactPdf } from './papripact.handlers';
import { papripactDue } from './papripact.service';

const VIEW = 'unique_document.view';

/**
 * PAPRIPACT (issue 23 item 8, Code du travail L4121-3-1): the yearly prevention programme of an
 * entity built from the actions of its evaluations at or above a chosen level, with its own
 * conditions, indicator and cost per action and year; its tab in the document's navigation is
 * shown from 50 employees only (HR's active employees, or the declared headcount setting).
 */
export const papripactPart: RiskEvaluationPart = {
  routes: [
    { name: 'risk_evaluation_papripact', method: 'GET', path: '/unique-document/papripact', right: VIEW, handler: papripactPage },
    { name: 'risk_evaluation_papripact_pdf', method: 'GET', path: '/unique-document/papripact/pdf', right: VIEW, heavy: 'pdf', handler: papripactPdf },
    { name: 'risk_evaluation_papripact_line_edit', method: ['GET', 'POST'], path: '/unique-document/papripact/lines/{id}', right: 'unique_document.edit', handler: papripactLineEdit },
  ],
  demo: seedPapripactDemo,
  contributes: [contribute(duTabs, {
    key: 'papripact',
    order: 10,
    route: 'risk_evaluation_papripact',
    icon: 'calendar2-check',
    label: 'du-papripact.title',
    visible: async (req: Request) => can(req.authUser!, VIEW) && papripactDue(req.ctx.db, req.authUser!.tenantId),
  })],
};
