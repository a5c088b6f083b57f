import { RouteTable } from '../../kernel/http/route-table';

let table: RouteTable | undefined;

/**
 * URL of one of this module's named routes, for code that runs without a request (jobs, the
 * action-plan source description). Built from the module's own route table, so names stay the
 * only way to make a URL.
 */
export async function eventPath(name: string, params: Record<string, string | number> = {}): Promise<string> {
  if (!table) {
    const { eventModule } = await import('./event.routes');
    const t = new RouteTable();
    t.add(eventModule.routes);
    table = t;
  }
  return table.path(name, params);
}
