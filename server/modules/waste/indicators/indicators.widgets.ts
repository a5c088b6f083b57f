import type { Request } from 'express';
import { todayIso } from '../../../kernel/clock';
import { defineWidgetRoute, type WidgetData } from '../../../kernel/dashboard/widget';
import { ENV_VIEW } from '../core/waste-rights';
import { tonnesPerMonth } from './indicators.service';

const PALETTE = ['#0d6efd', '#dc3545', '#198754', '#fd7e14', '#6f42c1', '#20c997', '#6c757d', '#d63384'];

/** The twelve months up to this one, as `YYYY-MM`. */
export function lastTwelveMonths(today: string): string[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(y, m - 11 + i, 1)).toISOString().slice(0, 7));
}

/**
 * Seed 001 §2.3 « Waste »: tonnes collected per month over the last twelve months, one stacked
 * series per family of waste (wastes without a family together), each month leading to its register.
 */
export async function wasteTonnes(req: Request): Promise<WidgetData> {
  const months = lastTwelveMonths(todayIso());
  const last = months[11];
  const end = new Date(Date.UTC(Number(last.slice(0, 4)), Number(last.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const rows = await tonnesPerMonth(req.ctx.db, req.authUser!.tenantId, `${months[0]}-01`, end);
  const families = [...new Map(rows.map((r) => [r.familyId, r.familyName ?? req.t('waste.indicators.no_family')])).entries()];
  const monthLabel = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;
  const french = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  return {
    labels: months.map(monthLabel),
    series: families.map(([id, name], i) => ({
      label: name, color: PALETTE[i % PALETTE.length],
      data: months.map((m) => rows.find((r) => r.month === m && r.familyId === id)?.weightT ?? 0),
    })),
    stacked: true,
    total: Math.round(rows.reduce((n, r) => n + r.weightT * 1000, 0)) / 1000,
    links: months.map((m) => {
      const lastDay = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
      return req.ctx.routes.path('waste_register', { from: french(`${m}-01`), to: french(lastDay) });
    }),
  };
}

/** The waste widget route (`waste_dashboard`). */
export const wasteWidget = defineWidgetRoute({ name: 'waste_dashboard', path: '/dashboard/waste', right: ENV_VIEW, toggle: 'module_waste', compute: wasteTonnes });
