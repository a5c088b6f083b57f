import type { Request } from 'express';
import { buildPager, pageRequest } from './pagination';

const req = (query: Record<string, string>) => ({ query, path: '/admin/users', originalUrl: `/admin/users?${new URLSearchParams(query)}` }) as unknown as Request;

describe('pagination', () => {
  it('clamps the page and accepts only the offered page sizes', () => {
    expect(pageRequest(req({ page: '3', perPage: '50' }))).toEqual({ page: 3, perPage: 50, offset: 100 });
    expect(pageRequest(req({ page: '-2', perPage: '7' }))).toEqual({ page: 1, perPage: 25, offset: 0 });
  });
  it('builds page links keeping the filters', () => {
    const r = req({ q: 'dupont', page: '2' });
    const pager = buildPager(r, pageRequest(r), 60);
    expect(pager.pages).toBe(3);
    expect(pager.url(3)).toBe('/admin/users?q=dupont&page=3');
    expect(pager.url(1)).toBe('/admin/users?q=dupont');
  });
});
