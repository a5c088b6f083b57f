import type { Request, Response, NextFunction } from 'express';
import { extensionPoint } from '../../../kernel/extension';
import { isFragmentRequest } from '../../../kernel/http/render';
import type { RouteDef } from '../../../kernel/http/route-table';

/**
 * A tab a part adds to the document's navigation (views/risk-evaluation/core/_tabs.ejs) when
 * `visible` says so: the PAPRIPACT, due from 50 employees only, reads the staff count in the database.
 */
export interface DuTab {
  key: string;
  /** Tabs sort by it; they come after the document's own tabs, before the nomenclatures. */
  order: number;
  /** The route the tab opens (no parameters). */
  route: string;
  /** Bootstrap icon name, without `bi-`. */
  icon: string;
  /** Translation key of the tab's label. */
  label: string;
  visible(req: Request): boolean | Promise<boolean>;
}

const tabs: DuTab[] = [];

/** The navigation's extra tabs: a part contributes its own (`contribute(duTabs, tab)`). */
export const duTabs = extensionPoint<DuTab>('risk-evaluation:tabs', (tab) => {
  if (tabs.some((x) => x.key === tab.key)) throw new Error(`Onglet du document unique déjà déclaré : ${tab.key}`);
  tabs.push(tab);
  tabs.sort((a, b) => a.order - b.order);
});

/**
 * The screens that draw the tabs. Only their full pages read the extra tabs' visibility (a
 * query for the PAPRIPACT): the views render synchronously, so it is read before the handler.
 */
const TABBED_SCREENS = new Set([
  'unique_document_index', 'unique_document_workstation_index', 'du_chemical_index', 'du_arduousness_index',
  'du_arduousness_criteria', 'unique_document_nomenclature_index', 'risk_evaluation_papripact',
]);

/** The extra tabs shown to this request, as `_tabs.ejs` draws them. */
export async function visibleDuTabs(req: Request): Promise<Array<{ key: string; href: string; icon: string; label: string }>> {
  const shown = await Promise.all(tabs.map(async (t) => ((await t.visible(req)) ? t : null)));
  return shown.filter((t): t is DuTab => t !== null).map((t) => ({ key: t.key, href: req.ctx.routes.path(t.route), icon: t.icon, label: req.t(t.label) }));
}

/** A route of the module, its handler given the extra tabs (`res.locals.duTabs`) when it is a tabbed screen's full page. */
export function withDuTabs(route: RouteDef): RouteDef {
  if (!TABBED_SCREENS.has(route.name)) return route;
  const handler = route.handler;
  return {
    ...route,
    handler: async (req: Request, res: Response, next: NextFunction) => {
      if (req.method === 'GET' && !isFragmentRequest(req)) res.locals.duTabs = await visibleDuTabs(req);
      return handler(req, res, next);
    },
  };
}
