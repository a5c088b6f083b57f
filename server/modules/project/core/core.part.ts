import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import { jobHandlers } from '../../../kernel/jobs';
import { trashables } from '../../../kernel/trash/trash';
import type { ProjectPart } from '../project-part';
import { projectPageTabs } from '../project-tabs';
import * as h from './project.handlers';
import * as p from './project-parts.handlers';
import { eventsTab, homeTab } from './project-page-tabs';
import { projectLateHandler, projectLateTenantHandler, scheduleLateProjects } from './project-late.job';
import { seedProjectDemo } from './project.demo';
import { parseProjectDocument, parseProjectImage } from './project.uploads';
import { onComplete } from './listeners/on-complete';

const VIEW = 'project.view';
const GP: RouteDef['method'] = ['GET', 'POST'];

const routes: RouteDef[] = [
  { name: 'project_index', method: 'GET', path: '/projects', right: VIEW, handler: h.index },
  { name: 'project_end', method: 'GET', path: '/projects/end', right: VIEW, handler: h.end },
  { name: 'project_add', method: GP, path: '/projects/new', right: 'project.add', handler: h.add, bodyParsers: [parseProjectImage] },
  { name: 'project_show', method: 'GET', path: '/projects/{id}', right: VIEW, handler: h.show },
  { name: 'project_edit', method: GP, path: '/projects/{id}/edit', right: VIEW, handler: h.edit, bodyParsers: [parseProjectImage] },
  { name: 'project_delete', method: 'POST', path: '/projects/{id}/delete', right: VIEW, handler: h.remove },
  { name: 'project_image', method: 'GET', path: '/projects/{id}/image', right: VIEW, handler: h.image },
  { name: 'project_transition', method: 'POST', path: '/projects/{id}/transition/{transition}', right: VIEW, handler: h.transition, requirements: { transition: '[a-z_]+' } },

  { name: 'project_member_add', method: GP, path: '/projects/{id}/members/new', right: VIEW, handler: p.memberAdd },
  { name: 'project_member_edit', method: GP, path: '/projects/members/{id}/edit', right: VIEW, handler: p.memberEdit },
  { name: 'project_member_remove', method: 'POST', path: '/projects/members/{id}/remove', right: VIEW, handler: p.memberRemove },

  { name: 'project_document_add', method: GP, path: '/projects/{id}/documents/new', right: VIEW, handler: p.documentAdd, bodyParsers: [parseProjectDocument] },
  { name: 'project_task_document_add', method: GP, path: '/projects/tasks/{id}/documents/new', right: VIEW, handler: p.taskDocumentAdd, bodyParsers: [parseProjectDocument] },
  { name: 'project_document_edit', method: GP, path: '/projects/documents/{id}/edit', right: VIEW, handler: p.documentEdit, bodyParsers: [parseProjectDocument] },
  { name: 'project_document_remove', method: 'POST', path: '/projects/documents/{id}/remove', right: VIEW, handler: p.documentRemove },
  { name: 'project_document_download', method: 'GET', path: '/projects/documents/{id}/file', right: VIEW, handler: p.documentDownload },

  { name: 'project_comment_add', method: GP, path: '/projects/{id}/comments/new', right: VIEW, handler: p.commentAdd },
  { name: 'project_comment_edit', method: GP, path: '/projects/comments/{id}/edit', right: VIEW, handler: p.commentEdit },
  { name: 'project_comment_remove', method: 'POST', path: '/projects/comments/{id}/remove', right: VIEW, handler: p.commentRemove },

  { name: 'project_event_link', method: GP, path: '/projects/{id}/events/link', right: VIEW, handler: p.eventLink },
  { name: 'project_event_unlink', method: 'POST', path: '/projects/{id}/events/{eventId}/unlink', right: VIEW, handler: p.eventUnlink },
];

/** Projects, members, documents, comments, linked events, the project page, its states and its lists. */
export const projectCorePart: ProjectPart = {
  routes,
  demo: seedProjectDemo,
  schedule: scheduleLateProjects,
  contributes: [
    onComplete,
    contribute(projectPageTabs, homeTab, eventsTab),
    contribute(jobHandlers, projectLateTenantHandler, projectLateHandler),
    contribute(trashables, { table: 'project', typeKey: 'project.trash.project' }),
  ],
};
