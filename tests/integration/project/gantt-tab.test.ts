import { setToggle } from '../../../server/kernel/toggles/toggles';
import { projectTabs } from '../../../server/modules/project/project-tabs';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { ganttFixtures } from './gantt-fixtures';

let t: TestApp;
let f: ReturnType<typeof ganttFixtures>;
beforeAll(async () => { t = await createTestApp(); f = ganttFixtures(t); });
afterAll(async () => { await t.close(); });

/** The props of the gantt island in a page, or null when the page has no gantt. */
function ganttProps(html: string): Record<string, any> | null {
  const m = /data-island="gantt"[\s\S]*?<script type="application\/json" data-island-props>([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : null;
}

describe('the gantt tab of the project page', () => {
  it('comes after the tasks (order 40) and carries the island with Week mode, bar height 20 and French labels', async () => {
    const gantt = projectTabs().find((tab) => tab.key === 'gantt');
    expect(gantt).toMatchObject({ order: 40, labelKey: 'project-gantt.tab' });

    const name = `Gantt onglet ${Date.now()}`;
    const planner = await makeUser(t, { company: name, rights: ['project.view', 'project.view_all', 'project.tasks'] });
    const projectId = await f.project(planner.tenantId, 'Rénovation éclairage entrepôt');
    const { agent } = await loginAs(t, planner);
    const page = await agent.get(`/projects/${projectId}?tab=gantt`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="project-tab-gantt"');
    expect(page.text).toContain('Diagramme de Gantt');
    const props = ganttProps(page.text);
    expect(props).toMatchObject({
      tasksUrl: `/projects/${projectId}/gantt/tasks`, updateUrl: '/projects/tasks/gantt-update', canEdit: true,
      viewMode: 'Week', modes: ['Month', 'Week', 'Day'], barHeight: 20, locale: 'fr',
    });
    expect(props!.labels).toMatchObject({
      'mode.Month': 'Mois', 'mode.Week': 'Semaine', 'mode.Day': 'Jour', confirm_dates: 'Êtes-vous sûr de vouloir modifier les dates de la tâche ?',
    });

    // A member without the tasks ability gets a read-only chart.
    const viewer = await makeUser(t, { company: name, rights: ['project.view'] });
    await f.member(planner.tenantId, projectId, viewer.id);
    const asViewer = (await loginAs(t, viewer)).agent;
    expect(ganttProps((await asViewer.get(`/projects/${projectId}?tab=gantt`)).text)).toMatchObject({ canEdit: false });
  });

  it('shows no gantt when the company turned the gantt toggle off', async () => {
    const planner = await makeUser(t, { rights: ['project.view', 'project.view_all', 'project.tasks'] });
    const projectId = await f.project(planner.tenantId, 'Campagne de sensibilisation TMS');
    await setToggle(t.db.dataSource, planner.tenantId, 'gantt', false);
    const { agent } = await loginAs(t, planner);
    const page = await agent.get(`/projects/${projectId}?tab=gantt`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-island="gantt"');
    expect(page.text).not.toContain('data-testid="project-tab-gantt"');
  });
});
