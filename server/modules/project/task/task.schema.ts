import { z } from 'zod';
import {
  checkbox, decimal, frenchDate, integer, oneOf, optionalId as kernelOptionalId, requiredFrenchDate, requiredText as required, text, time as kernelTime, version,
} from '../../../kernel/http/fields';
import { parseForm, type FormResult } from '../../../kernel/http/forms';
import { SCHEDULE_UNITS } from '../project-scheduled-task.entity';

const optionalId = kernelOptionalId({ error: 'validation.choice' });
/** `DD/MM/YYYY` -> `YYYY-MM-DD`; blank -> null (the service decides whether it was required). */
const frenchDay = frenchDate({ error: 'project-task.validation.date' });
/** `HH:mm` (or `H:mm`); blank -> null. */
const time = kernelTime({ error: 'project-task.validation.time' });
const hours = decimal(0, 99_999, { error: 'project-task.validation.hours' });

/**
 * The task form (`project_task[...]`): label, start and end (day `DD/MM/YYYY` + time `HH:mm`),
 * hour estimation, progress, assignee (user id), parent task, description, initial planning,
 * milestone; `version` for the optimistic lock. Days come out as `YYYY-MM-DD`. Which dates are
 * required (a milestone needs only its day) is checked by `saveTask`.
 */
export const taskSchema = z.object({
  label: required(255),
  startDate: frenchDay,
  startTime: time,
  endDate: frenchDay,
  endTime: time,
  hourEstimation: hours,
  progress: integer(0, 100, { error: 'project-task.validation.progress', fallback: 0 }),
  assignee: optionalId,
  parent: optionalId,
  description: text(20_000),
  isInitialPlanning: checkbox,
  isMilestone: checkbox,
  version,
});
/** The parsed task form. */
export type TaskInput = z.infer<typeof taskSchema>;

/** Field name prefix of the task form. */
export const TASK_FORM = 'project_task';

/** Reads `project_task[...]` from a request body. */
export const parseTaskForm = (body: unknown, formName: string = TASK_FORM): FormResult<TaskInput> => parseForm(taskSchema, body, formName);

/** The done form (`project_task_done[...]`): the done comment. */
export const taskDoneSchema = z.object({
  doneComment: text(10_000),
  version,
});
/** The parsed done form. */
export type TaskDoneInput = z.infer<typeof taskDoneSchema>;

/**
 * The scheduled task form (`project_scheduled_task[...]`): label, description, assignee, hour
 * estimation, duration in days, every n day/week/month from the start day until an optional end day.
 */
export const scheduledTaskSchema = z.object({
  label: required(255),
  description: text(20_000),
  assignee: optionalId,
  hourEstimation: hours,
  durationDays: integer(1, 365, { error: 'project-task.validation.duration', fallback: 1 }),
  // A blank count read as 0 before: the count's own message either way.
  every: integer(1, 365, { error: 'project-task.validation.every', required: 'project-task.validation.every' }),
  unit: oneOf(SCHEDULE_UNITS, { error: 'validation.selection' }),
  startDate: requiredFrenchDate({ error: 'project-task.validation.date' }),
  endDate: frenchDay,
  version,
});
/** The parsed scheduled task form. */
export type ScheduledTaskInput = z.infer<typeof scheduledTaskSchema>;
