import type { Request, Response } from 'express';
import { isDraftSubmit } from '../../kernel/http/forms';
import { renderScreen, renderView } from '../../kernel/http/render';
import { sendStoredFile, StoredFile } from '../../kernel/storage';
import { HttpError } from '../../kernel/http/errors';
import { loadQuestionnaire } from './tree.service';
import { parseResponses } from './parse-responses';
import { findResponseFile, responseAccessCheck, validateTenantReferences } from './responses.service';
import { answersCreatingAction, conformityRate, formatConformity, hasConformityFlags, totalPoints } from './conformity';
import { findGroup } from './editor.service';
import { requireEditorOf } from './editor.access';
import { storage } from './questionnaire.uploads';
import { orNotFound, routeId, tenantOf } from './questionnaire.respond';
import type { QuestionnaireTree, ResponseValues } from './questionnaire.types';

/** What a checked preview tells the administrator (nothing is stored). */
function previewResult(req: Request, tree: QuestionnaireTree, values: ResponseValues) {
  const rate = conformityRate(tree, values);
  return {
    conformity: hasConformityFlags(tree) ? formatConformity(rate, req.locale) : null,
    points: totalPoints(tree, values),
    actions: answersCreatingAction(tree, values).map(({ question, answer }) => `${question.label} : ${answer.label}`),
  };
}

/** `GET /admin/questionnaires/{id}/preview` (questionnaire_preview): the questionnaire as it will be filled, empty. */
export async function previewShow(req: Request, res: Response): Promise<void> {
  const tree = orNotFound(await loadQuestionnaire(req.ctx.db, tenantOf(req), routeId(req)));
  await requireEditorOf(req, tree.ownerType);
  await renderScreen(req, res, 'questionnaire/preview', { title: req.t('questionnaire.preview.title_of', { name: tree.name }), tree, values: {}, errors: {}, result: null });
}

/**
 * `POST /admin/questionnaires/{id}/preview`: checks the answers as a real form would (required answers,
 * formats, files, users of the company) and answers the preview form again (200) with the errors, or with
 * the conformity rate, points and actions the answers would give. Nothing is stored.
 */
export async function previewCheck(req: Request, res: Response): Promise<void> {
  const tree = orNotFound(await loadQuestionnaire(req.ctx.db, tenantOf(req), routeId(req)));
  await requireEditorOf(req, tree.ownerType);
  const { values, errors } = parseResponses(tree, req.body ?? {}, req.answerFiles, { draft: isDraftSubmit(req.body) });
  const refErrors = await validateTenantReferences(req.ctx.db.manager, tenantOf(req), tree, values);
  const allErrors = { ...refErrors, ...errors };
  const result = Object.keys(allErrors).length ? null : previewResult(req, tree, values);
  const html = await renderView(res, 'questionnaire/_preview_form', { tree, values, errors: allErrors, result });
  res.status(200).type('html').send(html);
}

const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

async function sendFile(req: Request, res: Response, fileId: number): Promise<void> {
  const file = orNotFound(await req.ctx.db.getRepository(StoredFile).findOneBy({ id: fileId, tenantId: tenantOf(req) }));
  await sendStoredFile(res, storage, file, { inline: req.query.inline === '1' && INLINE_TYPES.test(file.mimeType) });
}

/**
 * `GET /questionnaire/files/{id}` (questionnaire_response_file): a file or signature answered in this
 * company, to whoever the module owning its subject lets see that subject (`responseAccess`); a
 * subject type without a rule serves nothing. `?inline=1` shows images and PDFs in the page.
 */
export async function responseFile(req: Request, res: Response): Promise<void> {
  const found = orNotFound(await findResponseFile(req.ctx.db, tenantOf(req), routeId(req)));
  const check = responseAccessCheck(found.subjectType);
  if (!check) throw new HttpError(404, 'errors.not_found.title');
  if (!(await check(req, found.subjectId))) throw new HttpError(403, 'errors.forbidden.message');
  await sendFile(req, res, routeId(req));
}

/** `GET /questionnaire/groups/{id}/help` (questionnaire_group_help): the help file of a group, for anyone filling it. */
export async function groupHelp(req: Request, res: Response): Promise<void> {
  const group = orNotFound(await findGroup(req.ctx.db, tenantOf(req), routeId(req)));
  await sendFile(req, res, orNotFound(group.helpFileId));
}
