import type { Request, Response } from 'express';
import { catalogue, translationDomains } from '../../kernel/i18n/i18n';
import { HttpError } from '../../kernel/http/errors';
import { homeCardsFor } from '../../kernel/home-cards';
import { renderScreen } from '../../kernel/http/render';
import { saved } from '../../kernel/http/respond';
import { dismissGuide, firstStartGuide } from './first-start/first-start-guide';

/** `GET /js/routing.json`: the named-route table for the client (like FOSJsRouting). */
export function routingJson(req: Request, res: Response): void {
  res.json({ base_url: '', routes: Object.fromEntries(req.ctx.routes.publicTable().map((r) => [r.name, { path: r.path, methods: r.methods, requirements: r.requirements, defaults: r.defaults }])) });
}

/** `GET /translations/{domain}.{_format}`: a catalogue of the request's locale, as JSON or a script. */
export function translations(req: Request, res: Response): void {
  const { domain, _format: format } = req.routeParams;
  if (!translationDomains().includes(domain)) throw new HttpError(404, 'errors.not_found.title');
  const data = { locale: req.locale, domain, messages: catalogue(req.locale, domain) };
  res.setHeader('Cache-Control', 'private, max-age=300');
  if (format === 'json') {
    res.json(data);
    return;
  }
  res.type('application/javascript').send(`(window.VigieTranslations=window.VigieTranslations||{})[${JSON.stringify(domain)}]=${JSON.stringify(data.messages).replace(/</g, '\\u003c')};\n`);
}

/** Home page: what waits for the user in each module (the cards the modules register). */
export async function home(req: Request, res: Response): Promise<void> {
  const toggles = res.locals.toggles ?? {};
  const cards = homeCardsFor(req, toggles);
  // One after the other: the embedded database has a single connection, and a card is one or two small queries.
  const loaded = [];
  for (const card of cards) loaded.push({ card, data: await card.load(req), moreUrl: card.moreUrl(req) });
  const guide = await firstStartGuide(req, toggles);
  await renderScreen(req, res, 'kernel/home', { title: req.t('home.title'), cards: loaded, guide });
}

/** `POST /home/guide/dismiss`: the administrator hides the first-start guide for good (in this company). */
export async function homeGuideDismiss(req: Request, res: Response): Promise<void> {
  await dismissGuide(req);
  saved(req, res, 'home.guide.dismissed');
}
