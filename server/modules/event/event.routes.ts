import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { jobHandlers } from '../../kernel/jobs';
import { purgeHooks, trashables } from '../../kernel/trash/trash';
import { actionSourceKinds } from '../action-plan/action-sources';
import { questionnaireUploads } from '../questionnaire/questionnaire.service';
import { questionnaireOwners, responseAccess } from '../questionnaire/questionnaire.service';
import * as h from './event.handlers';
import * as f from './event-form.handlers';
import * as p from './event-parts.handlers';
import * as a from './event-type.handlers';
import { EVENT_KINDS } from './event.kinds';
import { EVENT_ANSWERS_PURGE, findEvent } from './event.service';
import { EVENT_ACTION_SOURCE } from './event-actions';
import { eventPolicy } from './event.policy';
import { eventsByHierarchyWidget } from './event.widgets';
import { seedEventDemo } from './event.demo';
import { onSubmit } from './listeners/on-submit';
import { supervisorMailHandler } from './event.mail';

const V = 'event.view';
const T = 'module_events';
const ADMIN = 'admin.nomenclatures';

/** Events of every kind and custom event types (issue items 4-6): list, forms, workflow, history, findings, files. */
export const eventModule = defineModule({
  name: 'event',
  routes: [
    eventsByHierarchyWidget,
    { name: 'event_index', method: 'GET', path: '/events', right: V, toggle: T, handler: h.index },
    { name: 'event_construction_site_index', method: 'GET', path: '/events/construction-site', right: V, toggle: T, handler: h.constructionSiteIndex },
    {
      name: 'event_add', method: ['GET', 'POST'], path: '/events/new/{kind}/{typeId}', right: 'event.add', toggle: T, handler: f.add,
      requirements: { kind: EVENT_KINDS.join('|') }, defaults: { typeId: '0' }, bodyParsers: [questionnaireUploads],
    },
    { name: 'event_form_refresh', method: 'POST', path: '/events/form/organisation', right: V, toggle: T, handler: f.organisationRefresh },
    { name: 'event_show', method: 'GET', path: '/events/{id}', right: V, toggle: T, handler: h.show },
    { name: 'event_edit', method: ['GET', 'POST'], path: '/events/{id}/edit', right: V, toggle: T, handler: f.edit, bodyParsers: [questionnaireUploads] },
    { name: 'event_history', method: 'GET', path: '/events/{id}/history', right: V, toggle: T, handler: h.history },
    { name: 'event_remove', method: 'POST', path: '/events/{id}/remove', right: 'event.delete', toggle: T, handler: h.remove, forbiddenMessage: 'event.unauthorised' },
    { name: 'event_transition', method: 'POST', path: '/events/{id}/transition/{transition}', right: V, toggle: T, handler: h.transition, requirements: { transition: '[a-z_]+' } },
    { name: 'event_finding_add', method: ['GET', 'POST'], path: '/events/{id}/findings/new', right: V, toggle: T, handler: p.findingAdd },
    { name: 'event_finding_edit', method: ['GET', 'POST'], path: '/events/findings/{id}/edit', right: V, toggle: T, handler: p.findingEdit },
    { name: 'event_finding_remove', method: 'POST', path: '/events/findings/{id}/remove', right: V, toggle: T, handler: p.findingRemove },
    { name: 'event_file_add', method: ['GET', 'POST'], path: '/events/{id}/files/new', right: V, toggle: T, handler: p.fileAdd, bodyParsers: [p.parseEventFiles] },
    { name: 'event_file_download', method: 'GET', path: '/events/files/{id}', right: V, toggle: T, handler: p.fileDownload },
    { name: 'event_file_remove', method: 'POST', path: '/events/files/{id}/remove', right: V, toggle: T, handler: p.fileRemove },

    { name: 'admin_event_type_index', method: 'GET', path: '/admin/event-types', right: ADMIN, toggle: T, handler: a.typeIndex },
    { name: 'admin_event_type_add', method: ['GET', 'POST'], path: '/admin/event-types/new', right: ADMIN, toggle: T, handler: a.typeAdd },
    { name: 'admin_event_type_edit', method: ['GET', 'POST'], path: '/admin/event-types/{id}/edit', right: ADMIN, toggle: T, handler: a.typeEdit },
    { name: 'admin_event_type_remove', method: 'POST', path: '/admin/event-types/{id}/remove', right: ADMIN, toggle: T, handler: a.typeRemove },
  ],
  demo: seedEventDemo,
  contributes: [
    onSubmit,
    contribute(jobHandlers, supervisorMailHandler),
    contribute(trashables, { table: 'event', typeKey: 'event.trash.event' }, { table: 'event_type', typeKey: 'event.trash.event_type' }),
    contribute(purgeHooks, EVENT_ANSWERS_PURGE),
    // Events are a source of actions: the action plan shows the event and links to it.
    contribute(actionSourceKinds, EVENT_ACTION_SOURCE),
    // The questionnaire editor of a custom type leads back to the types; answered files follow the event's visibility.
    contribute(questionnaireOwners, { ownerType: 'event_type', backRoute: 'admin_event_type_index', backLabel: 'event.types.back' }),
    contribute(responseAccess, {
      subjectType: 'event',
      check: async (req, id) => {
        const event = await findEvent(req.ctx.db, req.authUser!.tenantId, id);
        return !!event && eventPolicy.see(req.authUser!, event);
      },
    }),
  ],
});
