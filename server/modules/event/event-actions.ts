import type { DataSource, EntityManager } from 'typeorm';
import { translator } from '../../kernel/i18n/i18n';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { visibleEventsSql } from './event.policy';
import type { ActionSourceDef } from '../action-plan/action-sources';
import { createAction } from '../action-plan/action-plan.service';
import { answersCreatingAction } from '../questionnaire/questionnaire.service';
import type { QuestionnaireTree, ResponseValues } from '../questionnaire/questionnaire.types';
import type { EventDefinition } from './event-definition';
import { appPath } from '../../kernel/http/urls';

/** Events are a source of actions: the action plan shows the event and links to it. */
export const EVENT_ACTION_SOURCE: ActionSourceDef = {
  type: 'event',
  labelKey: 'event.action_source',
  async describe(em: EntityManager | DataSource, tenantId: number, id: number, locale: string) {
    const [e] = await em.query('SELECT id, subject, confidential, hierarchy_item_id, service_id FROM event WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
    if (!e) return null;
    // The action plan is seen by people the event may be hidden from: a confidential subject stays out of it.
    const label = e.confidential ? translator(locale)('event.confidential_label', { id: e.id }) : e.subject || `#${e.id}`;
    return { label, url: appPath('event_show', { id: e.id }), hierarchyItemId: e.hierarchy_item_id, serviceId: e.service_id };
  },
  async sees(em: EntityManager | DataSource, user: AuthUser, id: number) {
    if (!can(user, 'event.view')) return false;
    const rows = await em.query(
      `SELECT 1 FROM event e WHERE e.id = $1 AND e.tenant_id = $3 AND e.deleted_at IS NULL AND ${visibleEventsSql(user, '$2')}`, [id, user.id, user.tenantId]);
    return rows.length > 0;
  },
};

/** What {@link createEventActions} needs. */
export interface EventActionsInput {
  tenantId: number;
  user: AuthUser;
  eventId: number;
  definition: EventDefinition;
  supervisorId: number | null;
  hierarchyItemId: number | null;
  serviceId: number | null;
  responses: { tree: QuestionnaireTree; values: ResponseValues } | null;
}

/**
 * Creates, once each, the actions a recorded event asks for, assigned to its supervisor and
 * linked to it: the custom type's automatic action, and one per answer flagged "action".
 */
export async function createEventActions(m: EntityManager, input: EventActionsInput): Promise<void> {
  const [row] = await m.query('SELECT auto_action_done, answer_actions FROM event WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [input.eventId, input.tenantId]);
  if (!row) return;
  const link = { assigneeId: input.supervisorId, sourceType: 'event', sourceId: input.eventId, hierarchyItemId: input.hierarchyItemId, serviceId: input.serviceId };
  const type = input.definition.eventType;
  if (type?.autoAction && !row.auto_action_done) {
    await createAction(m, input.tenantId, input.user.id, { ...link, comments: type.autoActionText || type.name });
    await m.query('UPDATE event SET auto_action_done = true WHERE id = $1', [input.eventId]);
  }
  if (!input.responses) return;
  const done = new Set<string>(Array.isArray(row.answer_actions) ? row.answer_actions : []);
  let added = false;
  for (const { question, answer } of answersCreatingAction(input.responses.tree, input.responses.values)) {
    const key = `${question.id}:${answer.id}`;
    if (done.has(key)) continue;
    await createAction(m, input.tenantId, input.user.id, { ...link, comments: `${question.label} : ${answer.label}` });
    done.add(key);
    added = true;
  }
  if (added) await m.query('UPDATE event SET answer_actions = $2::jsonb WHERE id = $1', [input.eventId, JSON.stringify([...done])]);
}
