import { contribute } from '../../../kernel/extension';
import { jobHandlers } from '../../../kernel/jobs';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { seedHistoryDemo } from './history.demo';
import { historyCreate, historyIndex, historyPdf, historySign } from './history.handlers';
import { historyReminderHandler, scheduleHistoryReminders } from './history-reminder.job';

const VIEW = 'unique_document.view';
const EDIT = 'unique_document.edit';

/**
 * The signed history of the document (issue 23 item 5): frozen versions (PDF and data, in a hash
 * chain), signed once, never edited nor deleted, downloadable; a daily job reminds the writers a
 * year after the last signature. `npm run cli -- du:verify-history` checks the chain.
 */
export const historyPart: RiskEvaluationPart = {
  routes: [
    // Spec routes (seed 001 §2.2 and §7): HTML fragments.
    { name: 'risk_evaluation_history', method: 'GET', path: '/unique-document/history', right: VIEW, handler: historyIndex },
    { name: 'risk_evaluation_history_create', method: 'POST', path: '/unique-document/history/new', right: EDIT, forbiddenMessage: 'risk-evaluation.unauthorised', heavy: 'pdf', handler: historyCreate },
    { name: 'risk_evaluation_history_sign', method: ['GET', 'POST'], path: '/unique-document/history/{id}/sign', right: EDIT, forbiddenMessage: 'risk-evaluation.unauthorised', handler: historySign },
    { name: 'risk_evaluation_history_pdf', method: 'GET', path: '/unique-document/history/{id}/pdf', right: VIEW, heavy: 'pdf', handler: historyPdf },
  ],
  demo: seedHistoryDemo,
  schedule: scheduleHistoryReminders,
  contributes: [contribute(jobHandlers, historyReminderHandler)],
};
