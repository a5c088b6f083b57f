import { z } from 'zod';
import {
  checkbox, frenchDate as kernelDate, optionalId as kernelOptionalId, queryEnum, queryText, requiredId as kernelRequiredId, requiredText as required, text, version,
} from '../../../kernel/http/fields';
import { PROJECT_STATES } from '../project.entity';

/** Form names (`<form>[<field>]`). */
export const PROJECT_FORM = 'project';
export const MEMBER_FORM = 'project_member';
export const DOCUMENT_FORM = 'project_document';
export const COMMENT_FORM = 'project_comment';
export const EVENT_LINK_FORM = 'project_event_link';

const frenchDate = kernelDate({ iso: true });
const optionalId = kernelOptionalId();
const requiredId = kernelRequiredId();

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
  q: queryText(100),
  state: queryEnum(PROJECT_STATES),
});
/** Parsed list filters. */
export type ProjectFilters = z.infer<typeof projectFilterSchema>;
