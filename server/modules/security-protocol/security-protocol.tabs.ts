import type { Request, Response } from 'express';
import { extensionPoint } from '../../kernel/extension';
import { renderView } from '../../kernel/http/render';
import type { SignatureStatus } from '../signing/signers.service';
import type { ProtocolCompanyRow } from './security-protocol-company.service';
import type { ProtocolAbility, ProtocolRef } from './security-protocol.policy';
import type { ProtocolRecord } from './security-protocol.service';

/** What a tab receives to draw itself. */
export interface ProtocolTabContext {
  protocol: ProtocolRecord;
  ref: ProtocolRef;
  abilities: Record<ProtocolAbility, boolean>;
  companies: ProtocolCompanyRow[];
  /** Where the signatures of the current round stand (the companies tab shows them). */
  signatures: SignatureStatus | null;
}

/** One tab of the protocol page. */
export interface ProtocolTab {
  key: string;
  labelKey: string;
  icon: string;
  order: number;
  render: (req: Request, res: Response, ctx: ProtocolTabContext) => Promise<string>;
  badge?: (ctx: Pick<ProtocolTabContext, 'protocol' | 'companies'>) => number | null;
}

const tabs = new Map<string, ProtocolTab>();

/** Adds a tab of the protocol page. */
export function registerProtocolTab(tab: ProtocolTab): void {
  tabs.set(tab.key, tab);
}

/** The tabs of the protocol page: the module contributes its own (the risk analysis and the signatures too). */
export const protocolPageTabs = extensionPoint<ProtocolTab>('tabs:protocol', registerProtocolTab);

/** The tabs, in order. */
export function protocolTabs(): ProtocolTab[] {
  return [...tabs.values()].sort((a, b) => a.order - b.order);
}

const view = (name: string) => (_req: Request, res: Response, ctx: ProtocolTabContext) => renderView(res, `security-protocol/${name}`, { ...ctx });

/** The protocol page's own tabs: operation, companies, description, designation. */
export const PROTOCOL_TABS: ProtocolTab[] = [
  { key: 'operation', labelKey: 'security-protocol.tabs.operation', icon: 'truck', order: 10, render: view('_tab_operation') },
  {
    key: 'companies', labelKey: 'security-protocol.tabs.companies', icon: 'building', order: 20, render: view('_tab_companies'),
    badge: ({ companies }) => companies.length || null,
  },
  { key: 'description', labelKey: 'security-protocol.tabs.description', icon: 'card-text', order: 30, render: view('_tab_description') },
  { key: 'designation', labelKey: 'security-protocol.tabs.designation', icon: 'box-seam', order: 40, render: view('_tab_designation') },
];
