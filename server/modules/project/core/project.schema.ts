import { z } from 'zod';
import { frenchDate } from '../../action-plan/action-plan.schema';
import { PROJECT_STATES } from '../project.entity';

/** Form names (`<form>[<field>]`). */
export const PROJECT_FORM = 'project';
export const MEMBER_FORM = 'project_member';
export const DOCUMENT_FORM = 'project_document';
export const COMMENT_FORM = 'project_comment';
export const EVENT_LINK_FORM = 'project_event_link';

const blank = (v: unknown) => (v === undefined || v === null ? '' : v);
const text = (max: number) => z.preprocess(blank, z.string().trim().max(max, { error: 'validation.too_long' }));
const required = (max: number) => z.preprocess(blank, z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' }));
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const optionalId = z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }).nullable());
const requiredId = z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }));
const version = z.coerce.number().int().min(0).default(0);

/** The project form (seed 002 "Project"): the image comes as an upload beside it. */
export const projectSchema = z.object({
  label: required(255),
  description: text(10000),
  expectedStartDate: frenchDate,
  expectedEndDate: frenchDate,
  realEndDate: frenchDate,
  serviceId: optionalId,
  removeImage: checkbox,
  version,
});
/** A valid project form. */
export type ProjectInput = z.infer<typeof projectSchema>;

/** Date fields of the project form. */
export const PROJECT_DATE_FIELDS = ['expectedStartDate', 'expectedEndDate', 'realEndDate'] as const;

/** A bad date gets the date message; the expected end may not precede the expected start. */
export function projectDateErrors(errors: Record<string, string>, data?: ProjectInput): Record<string, string> {
  const out = { ...errors };
  for (const f of PROJECT_DATE_FIELDS) if (out[f] === 'validation.invalid') out[f] = 'project.validation.date';
  if (data?.expectedStartDate && data.expectedEndDate && data.expectedEndDate < data.expectedStartDate) out.expectedEndDate = 'project.errors.end_before_start';
  return out;
}

/** A member of a project: user, project manager flag, manages project, function; an edit carries its version. */
export const memberSchema = z.object({
  userId: requiredId,
  isProjectManager: checkbox,
  managesProject: checkbox,
  function: text(255),
  version,
});
/** A valid member form. */
export type MemberInput = z.infer<typeof memberSchema>;

/** A document: label, and a file (upload beside the form) and/or a link; an edit carries its version. */
export const documentSchema = z.object({
  label: required(255),
  url: text(2000).refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: 'project.validation.url' }),
  version,
});
/** A valid document form. */
export type DocumentInput = z.infer<typeof documentSchema>;

/** A comment: its text (and, on an edit, the version it was read at). */
export const commentSchema = z.object({ text: required(5000), version });

/** Links an existing event to the project. */
export const eventLinkSchema = z.object({ eventId: requiredId });

/** List filters of the projects. */
export const projectFilterSchema = z.object({
  q: z.preprocess(blank, z.string().trim().max(100)).catch(''),
  state: z.preprocess(blank, z.string()).transform((v) => ((PROJECT_STATES as readonly string[]).includes(v) ? v : '')).catch(''),
});
/** Parsed list filters. */
export type ProjectFilters = z.infer<typeof projectFilterSchema>;
