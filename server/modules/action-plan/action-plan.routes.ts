import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { homeCards } from '../../kernel/home-cards';
import { jobHandlers } from '../../kernel/jobs';
import { recordRules } from '../../kernel/rights/registry';
import { trashables } from '../../kernel/trash/trash';
import { assignees, bulkArchive, bulkDelete, bulkUnarchive, createNew, exportCsv, exportXlsx, index, mine, newForm, quickAdd, quickAddForm } from './action-plan.handlers';
import { block, file, history, progressComment, show, submit } from './action-block.handlers';
import { parseActionFiles } from './action-plan.uploads';
import { ACTION_SHOW_PATH, actionMailHandler, actionReminderHandler } from './action-plan.mail';
import { seedActionPlanDemo } from './action-plan.demo';
import { ACTION_PLAN_WIDGETS } from './action-plan.widgets';
import { onAssigned } from './listeners/on-assigned';
import { onProcessed } from './listeners/on-processed';
import { myActionsCard } from './action-home';
import { lateActionsCard } from './late-actions.card';
import { ACTION_RECORD_RULES } from './action-plan.policy';

const files = [parseActionFiles()];

/** The action plan (issue items 1-5): actions, their workflow block, lists, export, mails and reminders. */
export const actionPlanModule = defineModule({
  name: 'action-plan',
  routes: [
    ...ACTION_PLAN_WIDGETS,
    { name: 'action_plan_index', method: 'GET', path: '/action-plan', right: 'action.view', toggle: 'module_action_plan', handler: index },
    { name: 'action_plan_mine', method: 'GET', path: '/action-plan/mine', right: 'authenticated', toggle: 'module_action_plan', handler: mine },
    { name: 'action_plan_export', method: 'GET', path: '/action-plan/export.csv', right: 'action.view', toggle: 'module_action_plan', heavy: 'export', handler: exportCsv },
    { name: 'action_plan_export_xlsx', method: 'GET', path: '/action-plan/export.xlsx', right: 'action.view', toggle: 'module_action_plan', heavy: 'export', handler: exportXlsx },
    { name: 'action_plan_assignee_autocomplete', method: 'GET', path: '/action-plan/assignees', right: 'action.view', toggle: 'module_action_plan', handler: assignees },
    { name: 'action_plan_new', method: ['GET', 'POST'], path: '/action-plan/new', right: 'action.add', toggle: 'module_action_plan', handler: (req, res) => (req.method === 'POST' ? createNew(req, res) : newForm(req, res)), bodyParsers: files },
    { name: 'action_plan_quick_add', method: ['GET', 'POST'], path: '/action-plan/quick-add/{id}', right: 'action.add', toggle: 'module_action_plan', handler: (req, res) => (req.method === 'POST' ? quickAdd(req, res) : quickAddForm(req, res)), bodyParsers: files },
    { name: 'action_plan_bulk_archive', method: 'POST', path: '/action-plan/bulk/archive', right: 'action.archive', toggle: 'module_action_plan', handler: bulkArchive },
    { name: 'action_plan_bulk_unarchive', method: 'POST', path: '/action-plan/bulk/unarchive', right: 'action.archive', toggle: 'module_action_plan', handler: bulkUnarchive },
    { name: 'action_plan_bulk_delete', method: 'POST', path: '/action-plan/bulk/delete', right: 'action.delete_drafts', toggle: 'module_action_plan', forbiddenMessage: 'action-plan.errors.delete_forbidden', handler: bulkDelete },
    { name: 'action_plan_show', method: 'GET', path: ACTION_SHOW_PATH, right: 'action.view', toggle: 'module_action_plan', handler: show },
    { name: 'event_workflow_action', method: ['GET', 'POST'], path: '/action-plan/{id}/workflow', right: 'action.view', toggle: 'module_action_plan', handler: (req, res) => (req.method === 'POST' ? submit(req, res) : block(req, res)), bodyParsers: files },
    { name: 'progress_comments_action', method: 'POST', path: '/action-plan/{id}/progress-comments', right: 'action.view', toggle: 'module_action_plan', handler: progressComment },
    { name: 'action_plan_history', method: 'GET', path: '/action-plan/{id}/history', right: 'action.view', toggle: 'module_action_plan', handler: history },
    { name: 'action_plan_file', method: 'GET', path: '/action-plan/{id}/files/{kind}', right: 'action.view', toggle: 'module_action_plan', requirements: { kind: 'attachmentFile1|attachmentFile2|closeFile|abandonFile' }, handler: file },
  ],
  demo: seedActionPlanDemo,
  contributes: [
    contribute(recordRules, ...ACTION_RECORD_RULES),
    // Side effects of transitions (mails, reminders).
    onAssigned,
    onProcessed,
    contribute(homeCards, myActionsCard, lateActionsCard),
    contribute(jobHandlers, actionMailHandler, actionReminderHandler),
    // Deleted drafts go to the shared trash, where they can be restored.
    contribute(trashables, { table: 'action', typeKey: 'action-plan.trash_type' }),
  ],
});
