import type { NextFunction, Request, Response } from 'express';
import { saveSessionBeforeRedirect } from './session-redirect';

/** A response whose redirect records when it was sent. */
function fakeResponse(log: string[]): Response {
  return { redirect: (url: string) => { log.push(`redirect ${url}`); } } as unknown as Response;
}

describe('redirect after a POST waits for the session to be stored', () => {
  it('stores the session first, then redirects', async () => {
    const log: string[] = [];
    let saved: (err?: unknown) => void = () => undefined;
    const req = { method: 'POST', session: { save: (cb: (err?: unknown) => void) => { log.push('save started'); saved = cb; } } } as unknown as Request;
    const res = fakeResponse(log);
    saveSessionBeforeRedirect(req, res, (() => undefined) as NextFunction);
    res.redirect('/admin/settings');
    expect(log).toEqual(['save started']);
    saved();
    expect(log).toEqual(['save started', 'redirect /admin/settings']);
  });

  it('leaves GET redirects alone (no session stored for anonymous visitors)', () => {
    const log: string[] = [];
    const req = { method: 'GET', session: { save: () => log.push('save') } } as unknown as Request;
    const res = fakeResponse(log);
    saveSessionBeforeRedirect(req, res, (() => undefined) as NextFunction);
    res.redirect('/login');
    expect(log).toEqual(['redirect /login']);
  });
});
