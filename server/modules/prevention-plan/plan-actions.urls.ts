import { loadConfig } from '../../kernel/config';
import { RouteTable } from '../../kernel/http/route-table';

let table: RouteTable | undefined;

/**
 * Absolute URL of one of the plan module's named routes, for mails built by jobs (no request).
 * Made from the module's own route table, so names stay the only way to make a URL.
 */
export async function planAbsoluteUrl(name: string, params: Record<string, string | number> = {}): Promise<string> {
  if (!table) {
    const { preventionPlanModule } = await import('./prevention-plan.routes');
    const t = new RouteTable();
    t.add(preventionPlanModule.routes);
    table = t;
  }
  return `${loadConfig().baseUrl.replace(/\/$/, '')}${table.path(name, params)}`;
}
