import type { Request } from 'express';
import { renderView } from '../../../kernel/http/render';
import { projectAbilities, type ProjectRef } from '../project-access';
import type { ProjectTab } from '../project-tabs';
import { ganttEnabled } from './gantt.handlers';

/** Spec 000 §9: "bar height 38 with 18 subtracted". */
export const GANTT_BAR_HEIGHT = 38 - 18;
/** Spec 000 §2 and §9: the gantt opens in Week mode. */
export const GANTT_DEFAULT_MODE = 'Week';
/** The modes the gantt offers (spec 000 §2), in the order of the buttons. */
export const GANTT_MODES = ['Month', 'Week', 'Day'] as const;

/** Props of the `gantt` island (islands/gantt/index.tsx reads the same shape). */
export interface GanttIslandProps {
  tasksUrl: string;
  updateUrl: string;
  canEdit: boolean;
  viewMode: string;
  modes: string[];
  barHeight: number;
  locale: string;
  labels: Record<string, string>;
}

const LABEL_KEYS = [
  'title', 'modes', 'mode.Month', 'mode.Week', 'mode.Day', 'today', 'loading', 'load_failed', 'empty', 'confirm_dates', 'readonly',
  'popup.assignee', 'popup.nobody', 'popup.dates', 'popup.progress', 'popup.milestone', 'popup.initial', 'popup.initial_dates',
  'table.caption', 'table.task', 'table.start', 'table.end', 'table.progress', 'table.assignee', 'saved', 'update_failed',
] as const;

/** The island's props for a project (exported for the tests). */
export async function ganttProps(req: Request, project: ProjectRef): Promise<GanttIslandProps> {
  const abilities = await projectAbilities(req.ctx.db, req.authUser!, project);
  const labels: Record<string, string> = {};
  for (const key of LABEL_KEYS) labels[key] = req.t(`project-gantt.${key}`);
  return {
    tasksUrl: req.ctx.routes.path('project_task_gantt', { id: String(project.id) }),
    updateUrl: req.ctx.routes.path('project_task_update'),
    canEdit: abilities.tasks,
    viewMode: GANTT_DEFAULT_MODE,
    modes: [...GANTT_MODES],
    barHeight: GANTT_BAR_HEIGHT,
    locale: req.locale,
    labels,
  };
}

/** HTML of the project's `gantt` tab: the frappe-gantt island, or a notice when the company turned the gantt off. */
export async function renderGanttTab(req: Request, project: ProjectRef): Promise<string> {
  const enabled = ganttEnabled(req.res!);
  return renderView(req.res!, 'project/gantt/_tab', { enabled, gantt: enabled ? await ganttProps(req, project) : null });
}

/** The `gantt` tab, order 40 (after the tasks), shown while the `gantt` toggle is on. */
export const GANTT_TAB: ProjectTab = {
  key: 'gantt', labelKey: 'project-gantt.tab', icon: 'bar-chart-steps', order: 40, render: renderGanttTab, toggle: 'gantt',
};
