import type { Request, Response } from 'express';
import { defineWidgetRoute, isWidgetEmpty, parseWidgetData, widgetFromCounts, type WidgetData } from './widget';

function fakeRes() {
  const res = { headers: {} as Record<string, string>, body: undefined as unknown, set(name: string, value: string) { res.headers[name] = value; return res; }, json(body: unknown) { res.body = body; return res; } };
  return res;
}

const run = async (route: ReturnType<typeof defineWidgetRoute>, req: Partial<Request> = {}) => {
  const res = fakeRes();
  await route.handler(req as Request, res as unknown as Response, () => undefined);
  return res;
};

describe('defineWidgetRoute', () => {
  it('declares a GET route under /dashboard with the right, answering the JSON with no-store', async () => {
    const route = defineWidgetRoute({
      name: 'action_plan_dashboard_breakdown', path: '/dashboard/action-plan/breakdown', right: 'action.index', toggle: 'action_plan',
      compute: () => ({ labels: ['En attente'], series: [{ label: 'Actions', data: [3] }], links: ['/actions?status=WAITING'], extra: 'dropped' } as WidgetData),
    });
    expect(route).toMatchObject({ name: 'action_plan_dashboard_breakdown', method: 'GET', path: '/dashboard/action-plan/breakdown', right: 'action.index', toggle: 'action_plan' });
    const res = await run(route);
    expect(res.headers['Cache-Control']).toBe('no-store');
    expect(res.body).toEqual({ labels: ['En attente'], series: [{ label: 'Actions', data: [3] }], links: ['/actions?status=WAITING'] });
  });

  it('passes the request to compute (for the user and company)', async () => {
    const route = defineWidgetRoute({ name: 'w', path: '/dashboard/x/y', right: 'r', compute: async (req) => ({ labels: [], series: [], total: (req as any).authUser.tenantId }) });
    expect((await run(route, { authUser: { tenantId: 42 } } as any)).body).toEqual({ labels: [], series: [], total: 42 });
  });

  it('refuses a path outside /dashboard and a public widget at boot', () => {
    expect(() => defineWidgetRoute({ name: 'w', path: '/admin/stats', right: 'r', compute: () => ({ labels: [], series: [] }) })).toThrow('/dashboard/');
    expect(() => defineWidgetRoute({ name: 'w', path: '/dashboard/x', right: 'public', compute: () => ({ labels: [], series: [] }) })).toThrow('public');
  });

  it('fails loudly when compute breaks the contract', async () => {
    const route = defineWidgetRoute({ name: 'w', path: '/dashboard/x', right: 'r', compute: () => ({ labels: ['a', 'b'], series: [{ label: 's', data: [1] }] }) });
    await expect(run(route)).rejects.toThrow('1 values for 2 labels');
  });
});

describe('parseWidgetData', () => {
  it.each([
    [null, 'not an object'],
    [{ labels: 'a', series: [] }, 'labels'],
    [{ labels: [], series: {} }, 'series must be an array'],
    [{ labels: ['a'], series: [{ label: 's', data: ['1'] }] }, 'series 0'],
    [{ labels: ['a'], series: [{ label: 's', data: [Number.NaN] }] }, 'series 0'],
    [{ labels: [], series: [], rows: [[{}]] }, 'rows'],
    [{ labels: [], series: [], total: '3' }, 'total'],
    [{ labels: [], series: [], links: [3] }, 'links'],
  ])('refuses %j', (value, message) => {
    expect(() => parseWidgetData(value)).toThrow(message);
  });

  it('accepts rows of text, numbers and null, a null total and null links', () => {
    expect(parseWidgetData({ labels: ['Service', 'AT'], series: [], rows: [['Maintenance', 2], ['Logistique', null]], total: null, links: ['/x', null] }))
      .toEqual({ labels: ['Service', 'AT'], series: [], rows: [['Maintenance', 2], ['Logistique', null]], links: ['/x', null] });
  });
});

describe('isWidgetEmpty', () => {
  const zeros: WidgetData = { labels: ['a', 'b'], series: [{ label: 's', data: [0, 0] }] };
  it('a chart of zeros or without categories is empty, one value is enough', () => {
    expect(isWidgetEmpty('doughnut', zeros)).toBe(true);
    expect(isWidgetEmpty('bar', { labels: [], series: [] })).toBe(true);
    expect(isWidgetEmpty('line', { ...zeros, series: [{ label: 's', data: [0, 1] }] })).toBe(false);
  });
  it('a table without rows is empty; a figure of 0 is not', () => {
    expect(isWidgetEmpty('table', { labels: ['x'], series: [], rows: [] })).toBe(true);
    expect(isWidgetEmpty('table', { labels: ['x'], series: [], rows: [['y']] })).toBe(false);
    expect(isWidgetEmpty('figure', { labels: [], series: [], total: 0 })).toBe(false);
    expect(isWidgetEmpty('figure', { labels: [], series: [] })).toBe(true);
  });
});

describe('widgetFromCounts', () => {
  it('builds one series, the total and the links of a breakdown', () => {
    expect(widgetFromCounts('Actions', [{ label: 'En attente', count: 3, link: '/a?s=1' }, { label: 'Clôturée', count: 2 }])).toEqual({
      labels: ['En attente', 'Clôturée'], series: [{ label: 'Actions', data: [3, 2] }], total: 5, links: ['/a?s=1', null],
    });
    expect(widgetFromCounts('Actions', [{ label: 'En attente', count: 3 }])).not.toHaveProperty('links');
  });
});
