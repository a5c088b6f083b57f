/** The workflow engine: definitions as data, buttons, one-transaction transitions, replies, docs. */
export { defineWorkflow, listener, Workflow, type WorkflowListener } from './workflow';
export { WORKFLOW_MESSAGES, isBlank } from './check-transition';
export type { SubjectRef } from './apply-transition';
export { renderActions, ACTIONS_PARTIAL, type Translate, type RenderActionsInput } from './render-actions';
export { buildWorkflowReply, workflowReply, translateReason, type WorkflowReplyBody, type WorkflowReplyInput, type JsonResponder } from './workflow-reply';
export { renderWorkflowsMarkdown, renderWorkflowMarkdown } from './workflow-doc';
export type * from './workflow.types';
