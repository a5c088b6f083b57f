import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { StoredFile, sendStoredFile } from '../../../kernel/storage';
import { projectAbilities, requireProject, type ProjectRef } from '../project-access';
import { linkableEvents, linkEvent, unlinkEvent } from './event-link';
import { refused } from './project.handlers';
import { COMMENT_FORM, DOCUMENT_FORM, EVENT_LINK_FORM, MEMBER_FORM, commentSchema, documentSchema, eventLinkSchema, memberSchema } from './project.schema';
import {
  findComment, findDocument, findMember, removeComment, removeDocument, removeMember, saveComment, saveDocument, saveMember,
  type CommentRow, type DocumentRow, type MemberRow,
} from './project-parts.service';
import { projectChoices } from './project.service';
import { keepOne, storage, uploadRefusal } from './project.uploads';

type Ability = keyof Awaited<ReturnType<typeof projectAbilities>>;

/** The project `id` seen by the user (else 404) when the user holds `ability` on it; else a 403 answer and null. */
async function projectWith(req: Request, res: Response, id: number, ability: Ability): Promise<ProjectRef | null> {
  const project = await requireProject(req, id);
  if ((await projectAbilities(req.ctx.db, req.authUser!, project))[ability]) return project;
  refused(req, res);
  return null;
}

const removed = (req: Request, res: Response, key: string) => { res.status(200).json({ message: req.t(key) }); };

// ---------------------------------------------------------------- members

async function renderMemberForm(req: Request, res: Response, project: ProjectRef, member: MemberRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const { users } = await projectChoices(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'project/core/_member_form', {
    title: req.t(member ? 'project.members.edit_title' : 'project.members.add_title', { project: project.label }), form: MEMBER_FORM, values, errors, users,
    action: member ? req.ctx.routes.path('project_member_edit', { id: member.id }) : req.ctx.routes.path('project_member_add', { id: project.id }),
  });
}

async function submitMember(req: Request, res: Response, project: ProjectRef, member: MemberRow | null): Promise<void> {
  const form = parseForm(memberSchema, req.body, MEMBER_FORM);
  if (!form.ok) return renderMemberForm(req, res, project, member, form.values, form.errors);
  const result = await saveMember(req.ctx.db, tenantOf(req), project.id, member?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderMemberForm(req, res, project, member, form.values, result.errors);
  saved(req, res, member ? 'project.flash.member_updated' : 'project.flash.member_added');
}

/** `GET|POST /projects/{id}/members/new` (project_member_add): 201 saved, 200 the form with its errors (a user already on the project is refused). */
export async function memberAdd(req: Request, res: Response): Promise<void> {
  const project = await projectWith(req, res, routeId(req), 'members');
  if (!project) return;
  if (req.method === 'POST') return submitMember(req, res, project, null);
  await renderMemberForm(req, res, project, null, {});
}

async function loadMember(req: Request, res: Response): Promise<{ project: ProjectRef; member: MemberRow } | null> {
  const member = orNotFound(await findMember(req.ctx.db, tenantOf(req), routeId(req)));
  const project = await projectWith(req, res, member.projectId, 'members');
  return project ? { project, member } : null;
}

/** `GET|POST /projects/members/{id}/edit` (project_member_edit; id = member): 409 when the member changed since the form was read. */
export async function memberEdit(req: Request, res: Response): Promise<void> {
  const found = await loadMember(req, res);
  if (!found) return;
  const { project, member } = found;
  if (req.method === 'POST') return submitMember(req, res, project, member);
  await renderMemberForm(req, res, project, member, {
    userId: member.userId, isProjectManager: member.isProjectManager ? '1' : '0', managesProject: member.managesProject ? '1' : '0', function: member.function ?? '', version: member.version,
  });
}

/** `POST /projects/members/{id}/remove` (project_member_remove): 200 removed. */
export async function memberRemove(req: Request, res: Response): Promise<void> {
  const found = await loadMember(req, res);
  if (!found) return;
  await removeMember(req.ctx.db, tenantOf(req), found.member.id);
  removed(req, res, 'project.flash.member_removed');
}

// ---------------------------------------------------------------- documents

interface DocumentTarget { project: ProjectRef; taskId: number | null; taskLabel: string | null }

async function renderDocumentForm(req: Request, res: Response, target: DocumentTarget, doc: DocumentRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const action = doc ? req.ctx.routes.path('project_document_edit', { id: doc.id })
    : target.taskId ? req.ctx.routes.path('project_task_document_add', { id: target.taskId }) : req.ctx.routes.path('project_document_add', { id: target.project.id });
  await renderScreen(req, res, 'project/core/_document_form', {
    title: req.t(doc ? 'project.documents.edit_title' : 'project.documents.add_title'), form: DOCUMENT_FORM, values, errors, action, doc,
    taskLabel: target.taskLabel,
  });
}

async function submitDocument(req: Request, res: Response, target: DocumentTarget, doc: DocumentRow | null): Promise<void> {
  const form = parseForm(documentSchema, req.body, DOCUMENT_FORM);
  const errors: Record<string, FieldError> = form.ok ? {} : { ...form.errors };
  const refusal = uploadRefusal(req);
  if (refusal) errors.file = refusal;
  if (!form.ok || Object.keys(errors).length) return renderDocumentForm(req, res, target, doc, form.values, errors);
  const staged = req.uploads?.[0];
  if (!doc && !staged && !form.data.url) return renderDocumentForm(req, res, target, doc, form.values, { url: 'project.errors.document_empty' });
  const file = await keepOne(req, staged);
  const result = await saveDocument(req.ctx.db, { tenantId: tenantOf(req), projectId: target.project.id, taskId: target.taskId, userId: req.authUser!.id },
    doc?.id ?? null, form.data, file?.id);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderDocumentForm(req, res, target, doc, form.values, result.errors);
  saved(req, res, doc ? 'project.flash.document_updated' : 'project.flash.document_added', { label: form.data.label });
}

/** `GET|POST /projects/{id}/documents/new` (project_document_add): label, file and/or link. */
export async function documentAdd(req: Request, res: Response): Promise<void> {
  const project = await projectWith(req, res, routeId(req), 'documents');
  if (!project) return;
  const target = { project, taskId: null, taskLabel: null };
  if (req.method === 'POST') return submitDocument(req, res, target, null);
  await renderDocumentForm(req, res, target, null, {});
}

/** `GET|POST /projects/tasks/{id}/documents/new` (project_task_document_add; id = task): a document of one task of the project. */
export async function taskDocumentAdd(req: Request, res: Response): Promise<void> {
  const [task] = await req.ctx.db.query('SELECT id, project_id, label FROM project_task WHERE id = $1 AND tenant_id = $2 AND project_id IS NOT NULL', [routeId(req), tenantOf(req)]);
  orNotFound(task);
  const project = await projectWith(req, res, task.project_id, 'documents');
  if (!project) return;
  const target = { project, taskId: task.id as number, taskLabel: task.label as string };
  if (req.method === 'POST') return submitDocument(req, res, target, null);
  await renderDocumentForm(req, res, target, null, {});
}

async function loadDocument(req: Request, res: Response, ability: Ability | null): Promise<{ project: ProjectRef; doc: DocumentRow } | null> {
  const doc = orNotFound(await findDocument(req.ctx.db, tenantOf(req), routeId(req)));
  if (!ability) return { project: await requireProject(req, doc.projectId), doc };
  const project = await projectWith(req, res, doc.projectId, ability);
  return project ? { project, doc } : null;
}

/** `GET|POST /projects/documents/{id}/edit` (project_document_edit): a new file replaces the current one; 409 when the document changed since the form was read. */
export async function documentEdit(req: Request, res: Response): Promise<void> {
  const found = await loadDocument(req, res, 'documents');
  if (!found) return;
  const { project, doc } = found;
  const target = { project, taskId: doc.taskId, taskLabel: doc.taskLabel };
  if (req.method === 'POST') return submitDocument(req, res, target, doc);
  await renderDocumentForm(req, res, target, doc, { label: doc.label, url: doc.url ?? '', version: doc.version });
}

/** `POST /projects/documents/{id}/remove` (project_document_remove): 200 removed. */
export async function documentRemove(req: Request, res: Response): Promise<void> {
  const found = await loadDocument(req, res, 'documents');
  if (!found) return;
  await removeDocument(req.ctx.db, tenantOf(req), found.doc.id);
  removed(req, res, 'project.flash.document_removed');
}

/** `GET /projects/documents/{id}/file` (project_document_download): the document's file, for those who see the project. */
export async function documentDownload(req: Request, res: Response): Promise<void> {
  const found = await loadDocument(req, res, null);
  const doc = found!.doc;
  const file = orNotFound(doc.fileId ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: doc.fileId, tenantId: tenantOf(req) }) : null);
  await sendStoredFile(res, storage, file);
}

// ---------------------------------------------------------------- comments

async function renderCommentForm(req: Request, res: Response, project: ProjectRef, comment: CommentRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'project/core/_comment_form', {
    title: req.t(comment ? 'project.comments.edit_title' : 'project.comments.add_title'), form: COMMENT_FORM, values, errors,
    action: comment ? req.ctx.routes.path('project_comment_edit', { id: comment.id }) : req.ctx.routes.path('project_comment_add', { id: project.id }),
  });
}

/** `GET|POST /projects/{id}/comments/new` (project_comment_add). */
export async function commentAdd(req: Request, res: Response): Promise<void> {
  const project = await projectWith(req, res, routeId(req), 'comments');
  if (!project) return;
  if (req.method !== 'POST') return renderCommentForm(req, res, project, null, {});
  const form = parseForm(commentSchema, req.body, COMMENT_FORM);
  if (!form.ok) return renderCommentForm(req, res, project, null, form.values, form.errors);
  await saveComment(req.ctx.db, tenantOf(req), project.id, req.authUser!.id, null, form.data.text);
  saved(req, res, 'project.flash.comment_added');
}

/** May change this comment: its author, or the `project.comments` right; never on an archived project. */
export function mayChangeComment(req: Request, project: ProjectRef, comment: CommentRow): boolean {
  if (project.state === 'archived') return false;
  return comment.userId === req.authUser!.id || can(req.authUser!, 'project.comments');
}

async function loadComment(req: Request, res: Response): Promise<{ project: ProjectRef; comment: CommentRow } | null> {
  const comment = orNotFound(await findComment(req.ctx.db, tenantOf(req), routeId(req)));
  const project = await requireProject(req, comment.projectId);
  if (mayChangeComment(req, project, comment)) return { project, comment };
  refused(req, res);
  return null;
}

/** `GET|POST /projects/comments/{id}/edit` (project_comment_edit): the author or `project.comments`; 409 when the comment changed since the form was read. */
export async function commentEdit(req: Request, res: Response): Promise<void> {
  const found = await loadComment(req, res);
  if (!found) return;
  const { project, comment } = found;
  if (req.method !== 'POST') return renderCommentForm(req, res, project, comment, { text: comment.text, version: comment.version });
  const form = parseForm(commentSchema, req.body, COMMENT_FORM);
  if (!form.ok) return renderCommentForm(req, res, project, comment, form.values, form.errors);
  const result = await saveComment(req.ctx.db, tenantOf(req), project.id, req.authUser!.id, comment.id, form.data.text, form.data.version);
  if (!result.ok) return stale(req, res);
  saved(req, res, 'project.flash.comment_updated');
}

/** `POST /projects/comments/{id}/remove` (project_comment_remove): 200 removed. */
export async function commentRemove(req: Request, res: Response): Promise<void> {
  const found = await loadComment(req, res);
  if (!found) return;
  await removeComment(req.ctx.db, tenantOf(req), found.comment.id);
  removed(req, res, 'project.flash.comment_removed');
}

// ---------------------------------------------------------------- events

async function renderLinkForm(req: Request, res: Response, project: ProjectRef, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const events = await linkableEvents(req.ctx.db, req.authUser!, project.id);
  await renderScreen(req, res, 'project/core/_event_link_form', {
    title: req.t('project.events.link_title'), form: EVENT_LINK_FORM, values, errors, events, action: req.ctx.routes.path('project_event_link', { id: project.id }),
  });
}

/** `GET|POST /projects/{id}/events/link` (project_event_link): links an event the user sees to the project (`event.project_id`). */
export async function eventLink(req: Request, res: Response): Promise<void> {
  const project = await projectWith(req, res, routeId(req), 'edit');
  if (!project) return;
  if (req.method !== 'POST') return renderLinkForm(req, res, project, {});
  const form = parseForm(eventLinkSchema, req.body, EVENT_LINK_FORM);
  if (!form.ok) return renderLinkForm(req, res, project, form.values, form.errors);
  if (!(await linkEvent(req.ctx.db, req.authUser!, project.id, form.data.eventId))) return renderLinkForm(req, res, project, form.values, { eventId: 'validation.choice' });
  saved(req, res, 'project.flash.event_linked');
}

/** `POST /projects/{id}/events/{eventId}/unlink` (project_event_unlink): takes the event off the project; 200. */
export async function eventUnlink(req: Request, res: Response): Promise<void> {
  const project = await projectWith(req, res, routeId(req), 'edit');
  if (!project) return;
  orNotFound((await unlinkEvent(req.ctx.db, tenantOf(req), project.id, routeId(req, 'eventId'))) || null);
  removed(req, res, 'project.flash.event_unlinked');
}
