import type { Request } from 'express';
import { extensionPoint } from '../../../kernel/extension';

/**
 * A column a later part adds to the document's list (the actions' progress, the selection box of
 * the bulk duplicate): its header and, in one query for the whole page, the cell of each line.
 */
export interface DuListColumn {
  key: string;
  /** Columns sort by it; below 0 they come before the level, else after the priority risk. */
  order: number;
  /** Shown only when this answers true (a right, a feature toggle). */
  visible(req: Request): boolean;
  /** The header cell's inner HTML (escaped by the part). */
  header(req: Request): string;
  /** The cell's inner HTML per evaluation id, read once for the page's ids. */
  cells(req: Request, ids: number[]): Promise<Map<number, string>>;
}

/** A button a later part adds above the document's list (the bulk duplicate). */
export interface DuListTool {
  key: string;
  order: number;
  /** May read the database (the PAPRIPACT's staff count): awaited once per list page. */
  visible(req: Request): boolean | Promise<boolean>;
  /** The button's HTML; `tableSelector` names the list's table for bulk buttons. */
  render(req: Request, tableSelector: string): string;
}

const columns: DuListColumn[] = [];
const tools: DuListTool[] = [];

function addSorted<T extends { key: string; order: number }>(list: T[], item: T): void {
  if (list.some((x) => x.key === item.key)) throw new Error(`Colonne ou outil du document unique déjà déclaré : ${item.key}`);
  list.push(item);
  list.sort((a, b) => a.order - b.order);
}

/** The list's extra columns: a part contributes its own (`contribute(duListColumns, column)`). */
export const duListColumns = extensionPoint<DuListColumn>('risk-evaluation:list-columns', (c) => addSorted(columns, c));
/** The list's extra buttons (`contribute(duListTools, tool)`). */
export const duListTools = extensionPoint<DuListTool>('risk-evaluation:list-tools', (t) => addSorted(tools, t));

/** What the list view draws besides its own columns: headers, cells by id, buttons. */
export interface DuListExtras {
  before: Array<{ key: string; header: string; cells: Map<number, string> }>;
  after: Array<{ key: string; header: string; cells: Map<number, string> }>;
  tools: string[];
}

/** Reads the visible extra columns for the page's ids (one call per column) and renders the tools. */
export async function loadListExtras(req: Request, ids: number[], tableSelector: string): Promise<DuListExtras> {
  const shown = columns.filter((c) => c.visible(req));
  const filled = await Promise.all(shown.map(async (c) => ({ key: c.key, order: c.order, header: c.header(req), cells: ids.length ? await c.cells(req, ids) : new Map<number, string>() })));
  return {
    before: filled.filter((c) => c.order < 0),
    after: filled.filter((c) => c.order >= 0),
    tools: (await Promise.all(tools.map(async (t) => ((await t.visible(req)) ? t.render(req, tableSelector) : null)))).filter((h): h is string => h !== null),
  };
}
