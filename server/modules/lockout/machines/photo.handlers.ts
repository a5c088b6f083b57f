import type { Request, Response } from 'express';
import { parseForm } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved, tenantOf } from '../../../kernel/http/respond';
import { sendFileOf } from '../../../kernel/storage';
import { keepUploads, uploadFiles } from '../../../kernel/uploads';
import { lockoutStorage } from '../core/lockout-storage';
import { PHOTO_FORM, photoSchema } from './machine.schema';
import { addPhoto, findMachine, listPhotos, listPoints, removePhoto, type MachineRecord } from './machine.service';

/** Image types a machine photo may be (the PDF draws PNG and JPEG). */
const IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;

/** One image in the `photo` field, 10 MB at most. */
export const parsePhoto = uploadFiles({ storage: lockoutStorage, field: 'photo', maxFiles: 1, maxBytes: 10 * 1024 * 1024, allowed: IMAGE_TYPES });

async function renderForm(req: Request, res: Response, machine: MachineRecord, values: Record<string, unknown>, errors: Record<string, string> = {}): Promise<void> {
  const points = await listPoints(req.ctx.db, machine.tenantId, machine.id);
  await renderScreen(req, res, 'lockout/machines/_photo_form', {
    title: req.t('lockout.photo.new_title'), form: PHOTO_FORM, values, errors, points: points.map((p) => ({ value: p.id, label: `${p.code} – ${p.location}` })),
    action: req.ctx.routes.path('consignment_photo_add', { id: machine.id }),
  });
}

/**
 * `GET|POST /consignment/machines/{id}/photos/new` (consignment_photo_add): the image is required
 * (« Veuillez renseigner ce champ. »); a file that is not a PNG or JPEG image is refused with the
 * image validator's message (seed 002 « image required »), the comment and point kept.
 */
export async function add(req: Request, res: Response): Promise<void> {
  const machine = orNotFound(await findMachine(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method !== 'POST') return renderForm(req, res, machine, { comment: '', pointId: '' });
  const form = parseForm(photoSchema, req.body, PHOTO_FORM);
  const values = form.values;
  const refusal = req.uploadErrors?.[0];
  if (refusal) {
    const message = refusal.key === 'upload.type_not_allowed' ? req.t('lockout.photo.not_image') : req.t(refusal.key, refusal.params);
    return renderForm(req, res, machine, values, { photo: message });
  }
  const upload = req.uploads?.[0];
  if (!upload) return renderForm(req, res, machine, values, { photo: req.t('validation.required') });
  if (!form.ok) return renderForm(req, res, machine, values);
  const points = await listPoints(req.ctx.db, machine.tenantId, machine.id);
  const pointId = points.some((p) => p.id === form.data.pointId) ? form.data.pointId : null;
  const [file] = await keepUploads(req, lockoutStorage, [upload]);
  await addPhoto(req.ctx.db, machine.tenantId, machine.id, file.id, form.data.comment, pointId);
  saved(req, res, 'lockout.photo.flash.created');
}

/** `GET /consignment/machines/{id}/photos/{photo}` (consignment_photo_show): the image, inline. */
export async function show(req: Request, res: Response): Promise<void> {
  const machine = orNotFound(await findMachine(req.ctx.db, tenantOf(req), routeId(req)));
  const photo = orNotFound((await listPhotos(req.ctx.db, machine.tenantId, machine.id)).find((p) => p.id === routeId(req, 'photo')));
  await sendFileOf(res, req.ctx.db.manager, lockoutStorage, machine.tenantId, photo.fileId, { inline: true });
}

/** `POST /consignment/machines/{id}/photos/{photo}/delete` (consignment_photo_delete). */
export async function remove(req: Request, res: Response): Promise<void> {
  const machine = orNotFound(await findMachine(req.ctx.db, tenantOf(req), routeId(req)));
  orNotFound(await removePhoto(req.ctx.db, machine.tenantId, machine.id, routeId(req, 'photo')) ? true : null);
  removedWith(req, res, 'lockout.photo.flash.removed');
}
