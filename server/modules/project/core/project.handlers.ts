import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { addFlash } from '../../../kernel/http/flash';
import { csrfToken } from '../../../kernel/http/csrf';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { StoredFile, sendStoredFile } from '../../../kernel/storage';
import { renderActions, workflowReply } from '../../../kernel/workflow';
import { projectAbilities, requireProject, type ProjectRef } from '../project-access';
import { visibleProjectTabs } from '../project-tabs';
import { PROJECT_STATES } from '../project.entity';
import { PROJECT_FORM, projectDateErrors, projectFilterSchema, projectSchema } from './project.schema';
import {
  findProject, listProjects, listProjectsToClose, projectChoices, projectFormValues, saveProject, trashProject, type ProjectRecord,
} from './project.service';
import { keepOne, storage, uploadRefusal } from './project.uploads';
import { projectWorkflow, type ProjectSubject } from './project.workflow';

/** Bootstrap colour of each project state. */
export const STATE_COLORS: Record<string, string> = {
  unstarted: 'secondary', in_progress: 'primary', completed: 'success', archived: 'dark', late: 'danger',
};

/** 403 with the spec's French message (the client shows it as an alert). */
export function refused(req: Request, res: Response): void {
  res.status(403).json({ message: req.t('project.errors.forbidden') });
}

/** `GET /projects` (project_index): the projects the user may see, searched and filtered by state. */
export async function index(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const filters = projectFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listProjects(req.ctx.db, user, filters, page);
  await renderScreen(req, res, 'project/core/index', {
    title: req.t('project.list.title'), hideTitle: true, rows, filters, states: PROJECT_STATES, stateColors: STATE_COLORS,
    pager: buildPager(req, page, total), filtered: !!(filters.q || filters.state), canAdd: can(user, 'project.add'),
  });
}

/** `GET /projects/end` (project_end): the projects to close, expected end passed or within 30 days. */
export async function end(req: Request, res: Response): Promise<void> {
  const today = todayIso();
  const rows = await listProjectsToClose(req.ctx.db, req.authUser!, today);
  await renderScreen(req, res, 'project/core/end', { title: req.t('project.end.title'), hideTitle: true, rows, stateColors: STATE_COLORS });
}

interface FormState { project: ProjectRecord | null; values: Record<string, unknown>; errors: Record<string, FieldError> }

async function renderProjectForm(req: Request, res: Response, s: FormState): Promise<void> {
  const choices = await projectChoices(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'project/core/_form', {
    title: s.project ? req.t('project.form.edit_title', { label: s.project.label }) : req.t('project.form.new_title'),
    form: PROJECT_FORM, values: s.values, errors: s.errors, choices, project: s.project,
    action: s.project ? req.ctx.routes.path('project_edit', { id: s.project.id }) : req.ctx.routes.path('project_add'),
  });
}

async function submit(req: Request, res: Response, project: ProjectRecord | null): Promise<void> {
  const form = parseForm(projectSchema, req.body, PROJECT_FORM);
  const errors: Record<string, FieldError> = projectDateErrors(form.ok ? {} : form.errors, form.ok ? form.data : undefined);
  const refusal = uploadRefusal(req);
  if (refusal) errors.image = refusal;
  if (!form.ok || Object.keys(errors).length) return renderProjectForm(req, res, { project, values: form.values, errors });
  const image = await keepOne(req, req.uploads?.[0]);
  const imageId = image ? image.id : form.data.removeImage ? null : undefined;
  const result = await saveProject(req.ctx.db, req.authUser!, project?.id ?? null, form.data, imageId, todayIso());
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderProjectForm(req, res, { project, values: form.values, errors: result.errors });
  saved(req, res, project ? 'project.flash.updated' : 'project.flash.created', { label: form.data.label }, req.ctx.routes.path('project_show', { id: result.id }));
}

/** `GET|POST /projects/new` (project_add): the project form (modal), image upload included. */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderProjectForm(req, res, { project: null, values: { version: 0 }, errors: {} });
}

/** The project of the route, seen by the user (404 otherwise), with its abilities. */
async function loadProject(req: Request): Promise<{ ref: ProjectRef; project: ProjectRecord; abilities: Awaited<ReturnType<typeof projectAbilities>> }> {
  const ref = await requireProject(req, routeId(req));
  const project = orNotFound(await findProject(req.ctx.db, tenantOf(req), ref.id));
  return { ref, project, abilities: await projectAbilities(req.ctx.db, req.authUser!, ref) };
}

/** `GET|POST /projects/{id}/edit` (project_edit): `project.edit` or a manager of the project; optimistic lock (409). */
export async function edit(req: Request, res: Response): Promise<void> {
  const { project, abilities } = await loadProject(req);
  if (!abilities.edit) return refused(req, res);
  if (req.method === 'POST') return submit(req, res, project);
  await renderProjectForm(req, res, { project, values: projectFormValues(project), errors: {} });
}

/** `POST /projects/{id}/delete` (project_delete): to the trash, refused while the project has tasks. */
export async function remove(req: Request, res: Response): Promise<void> {
  const { project, abilities } = await loadProject(req);
  if (!abilities.edit) return refused(req, res);
  const outcome = await trashProject(req.ctx.db, tenantOf(req), project.id, req.authUser!.id);
  if (outcome === 'not_found') orNotFound(null);
  if (outcome === 'has_tasks') {
    res.status(409).json({ message: req.t('project.errors.has_tasks') });
    return;
  }
  addFlash(req, 'success', 'project.flash.deleted', { label: project.label });
  res.status(200).json({ message: req.t('project.flash.deleted', { label: project.label }), redirect: req.ctx.routes.path('project_index') });
}

/** `GET /projects/{id}/image` (project_image): the project's picture, shown inline. */
export async function image(req: Request, res: Response): Promise<void> {
  const { project } = await loadProject(req);
  const file = orNotFound(project.imageFileId ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: project.imageFileId, tenantId: tenantOf(req) }) : null);
  await sendStoredFile(res, storage, file, { inline: true });
}

const transitionUrl = (req: Request, id: number) => (name: string) => req.ctx.routes.path('project_transition', { id, transition: name });

/** `GET /projects/{id}?tab=` (project_show): the header with the state buttons, then home, events and the tabs other parts register. */
export async function show(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const { ref, project, abilities } = await loadProject(req);
  const registered = visibleProjectTabs(user, ref, res.locals.toggles);
  const tabs: Array<{ key: string; label: string; icon: string; badge: number | null }> = [];
  for (const t of registered) tabs.push({ key: t.key, label: req.t(t.labelKey), icon: t.icon, badge: t.badge ? await t.badge(req, ref) : null });
  const asked = typeof req.query.tab === 'string' ? req.query.tab : 'home';
  const active = tabs.some((t) => t.key === asked) ? asked : (tabs[0]?.key ?? 'home');
  const tab = registered.find((t) => t.key === active);
  const tabHtml = tab ? await tab.render(req, ref) : '';
  const subject = (await projectWorkflow.load(req.ctx.db, { id: project.id, tenantId: project.tenantId })) as ProjectSubject;
  const actionsHtml = await renderActions({ workflow: projectWorkflow, subject, user, transitionUrl: transitionUrl(req, project.id), t: req.t, csrfToken: csrfToken(req) });
  await renderScreen(req, res, 'project/core/show', {
    title: project.label, hideTitle: true, project, tabs, active, tabHtml, abilities, actionsHtml, stateColor: STATE_COLORS[project.state] ?? 'secondary',
  });
}

/** `POST /projects/{id}/transition/{transition}` (project_transition): a state change, `comment` in the body; JSON reply (docs/architecture.md « Conventions HTTP »). */
export async function transition(req: Request, res: Response): Promise<void> {
  const { project } = await loadProject(req);
  const comment = typeof req.body?.comment === 'string' ? req.body.comment.slice(0, 5000) : null;
  const ref = { id: project.id, tenantId: tenantOf(req) };
  const outcome = await projectWorkflow.apply(req.ctx.db, ref, req.routeParams.transition, { user: req.authUser!, comment });
  const subject = outcome.result ? null : ((await projectWorkflow.load(req.ctx.db, ref)) as ProjectSubject | null);
  await workflowReply(res, {
    workflow: projectWorkflow, outcome, subject, user: req.authUser!, transitionUrl: transitionUrl(req, project.id), t: req.t, csrfToken: csrfToken(req),
    transition: req.routeParams.transition,
  });
}
