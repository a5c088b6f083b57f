import { clock } from '../../../kernel/clock';
import { renderView } from '../../../kernel/http/render';
import { can } from '../../../kernel/rights/registry';
import { projectAbilities } from '../project-access';
import type { ProjectTab } from '../project-tabs';
import { listLinkedEvents } from './event-link';
import { listComments, listDocuments, listMembers } from './project-parts.service';
import { projectProgress } from './project-progress';
import { findProject } from './project.service';

/** The project page's home tab (10): the project, its members, documents and comments. */
export const homeTab: ProjectTab = {
  key: 'home', labelKey: 'project.tabs.home', icon: 'house', order: 10,
  render: async (req, ref) => {
    const db = req.ctx.db;
    const [project, members, documents, comments, abilities, progress] = await Promise.all([
      findProject(db, ref.tenantId, ref.id), listMembers(db, ref.tenantId, ref.id), listDocuments(db, ref.tenantId, ref.id),
      listComments(db, ref.tenantId, ref.id), projectAbilities(db, req.authUser!, ref), projectProgress(db, ref.tenantId, ref.id, clock.now()),
    ]);
    const open = ref.state !== 'archived';
    const mayChange = (userId: number | null) => open && (userId === req.authUser!.id || can(req.authUser!, 'project.comments'));
    return renderView(req.res!, 'project/core/_tab_home', { project, members, documents, comments, abilities, mayChange, progress });
  },
};

/** The project page's events tab (20): the events linked to the project. Tasks (30) and gantt (40) come from their parts. */
export const eventsTab: ProjectTab = {
  key: 'events', labelKey: 'project.tabs.events', icon: 'calendar-event', order: 20,
  badge: async (req, ref) => (await listLinkedEvents(req.ctx.db, req.authUser!, ref.id)).length || null,
  render: async (req, ref) => {
    const [events, abilities] = await Promise.all([listLinkedEvents(req.ctx.db, req.authUser!, ref.id), projectAbilities(req.ctx.db, req.authUser!, ref)]);
    return renderView(req.res!, 'project/core/_tab_events', { project: ref, events, abilities, canLink: abilities.edit && can(req.authUser!, 'event.view') });
  },
};
