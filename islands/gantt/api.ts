import { ajaxHeaders, errorMessage, postXhr, readJson } from '../core/http';
import type { GanttTask } from './gantt-model';

/** GET the project's gantt tasks; throws on failure (the caller logs it and says so). */
export async function fetchGanttTasks(url: string, signal?: AbortSignal): Promise<GanttTask[]> {
  const response = await fetch(url, { headers: ajaxHeaders({ Accept: 'application/json' }), credentials: 'same-origin', signal });
  const body = await readJson<GanttTask[]>(response);
  if (!response.ok || !Array.isArray(body)) throw new Error(`gantt ${response.status}`);
  return body;
}

/** A change the gantt posts: the progress, or the new days (`DD/MM/YYYY`, end inclusive). */
export type GanttChange = { progress: number } | { start: string; end: string };

/** Outcome of an update: the task as the server saved it, or the message to show. */
export type UpdateOutcome = { ok: true; task: GanttTask } | { ok: false; status: number; message: string };

/** POST `project_task_update` (form-encoded `id`, `version` and the change). */
export async function postGanttUpdate(url: string, id: number, version: number, change: GanttChange, fallback: string): Promise<UpdateOutcome> {
  const body = new URLSearchParams({ id: String(id), version: String(version) });
  for (const [key, value] of Object.entries(change)) body.set(key, String(value));
  try {
    const response = await postXhr(url, body);
    if (response.ok) {
      const task = await readJson<GanttTask>(response);
      if (task && typeof task.id === 'number') return { ok: true, task };
      return { ok: false, status: response.status, message: fallback };
    }
    return { ok: false, status: response.status, message: await errorMessage(response, fallback) };
  } catch (error) {
    console.error('[gantt] mise à jour de la tâche', error);
    return { ok: false, status: 0, message: fallback };
  }
}
