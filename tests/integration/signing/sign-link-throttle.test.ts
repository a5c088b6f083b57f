import request from 'supertest';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { PUBLIC_LINK_MISSES_PER_MINUTE } from '../../../server/kernel/public-link';
import { createTestApp, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const reset = () => t.db.dataSource.query("DELETE FROM login_throttle WHERE key LIKE 'plink:sign:%'");

describe('signing links: unknown tokens are throttled per address (kernel public-link, like the document portal)', () => {
  it(`answers 404 up to ${PUBLIC_LINK_MISSES_PER_MINUTE} unknown tokens a minute, then 429 in French on every signing page until the minute is over`, async () => {
    const clock = new FixedClock(new Date());
    const restore = useClock(clock);
    try {
      await reset();
      for (let i = 0; i < PUBLIC_LINK_MISSES_PER_MINUTE; i++) {
        const res = await request(t.app).get(`/sign/pdp/faux-${i}`);
        expect(res.status).toBe(404);
        expect(res.text).toContain("Ce lien de signature n&#39;est pas valide.");
      }
      for (const path of ['/sign/pdp/encore-un', '/sign/pdp/encore-un/pdf', '/sign/pdp/encore-un/done']) {
        const blocked = await request(t.app).get(path);
        expect(blocked.status).toBe(429);
        expect(blocked.headers['retry-after']).toBe('60');
        expect(blocked.text).toContain('Trop de liens non valides depuis votre adresse. Réessayez dans 1 minute(s).');
      }
      clock.advance(59_999);
      expect((await request(t.app).get('/sign/pdp/encore-un')).status).toBe(429);
      clock.advance(1);
      expect((await request(t.app).get('/sign/pdp/encore-un')).status).toBe(404);
    } finally {
      restore();
      await reset();
    }
  });
});
