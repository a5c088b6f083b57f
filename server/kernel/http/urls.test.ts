import { defineModule } from '../module';
import { absoluteUrl, appPath, routeTableOf, useAppRoutes } from './urls';

const noop = () => undefined;
const plans = defineModule({ name: 'plans', routes: [{ name: 'pdp_show', method: 'GET', path: '/prevention-plan/{id}', right: 'authenticated', handler: noop }] });
const events = defineModule({ name: 'events', routes: [{ name: 'event_index', method: 'GET', path: '/events', right: 'authenticated', handler: noop }] });

describe('URLs for code without a request (mails, jobs)', () => {
  const baseUrl = process.env.BASE_URL;
  afterEach(() => { process.env.BASE_URL = baseUrl; });

  it('come from the one app-wide table of every module, by route name', () => {
    useAppRoutes(routeTableOf([plans, events]));
    expect(appPath('pdp_show', { id: 12 })).toBe('/prevention-plan/12');
    expect(appPath('event_index')).toBe('/events');
    process.env.BASE_URL = 'https://vigie.example.fr/';
    expect(absoluteUrl('pdp_show', { id: 12 })).toBe('https://vigie.example.fr/prevention-plan/12');
    expect(() => appPath('nope')).toThrow('Route inconnue : nope');
  });
});
