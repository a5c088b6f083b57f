import { z } from 'zod';
import { idList, optionalId, optionalText, queryId, queryPage, queryText, requiredText, text, version } from '../../../kernel/http/fields';

/** Field names of the machine form: `lockout_machine[<field>]`. */
export const MACHINE_FORM = 'lockout_machine';
/** Field names of the isolation point form: `lockout_point[<field>]`. */
export const POINT_FORM = 'lockout_point';
/** Field names of the photo form: `lockout_photo[<field>]`; the file is `photo`. */
export const PHOTO_FORM = 'lockout_photo';

/** A machine: code, name, prerequisite, sector and activities. */
export const machineSchema = z.object({
  code: requiredText(60),
  name: requiredText(180),
  prerequisite: optionalText(5000),
  sectorId: optionalId(),
  activityIds: idList(),
  version,
});
/** A parsed machine. */
export type MachineInput = z.infer<typeof machineSchema>;

/** A required consignment (isolation point): code, type, location, cut method, verification method. */
export const pointSchema = z.object({
  code: requiredText(60),
  typeId: optionalId(),
  location: requiredText(255),
  cutMethod: requiredText(255),
  verificationMethod: requiredText(255),
});
/** A parsed isolation point. */
export type PointInput = z.infer<typeof pointSchema>;

/** The text fields of a photo: comment and the isolation point it shows. */
export const photoSchema = z.object({ comment: text(255), pointId: optionalId() });

/** The machine list's query string: search on code and name, sector, activity, page. */
export const machineQuerySchema = z.object({ q: queryText(100), sector: queryId, activity: queryId, page: queryPage });
