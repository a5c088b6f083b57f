import type { Request, Response } from 'express';
import { renderScreen } from '../../../kernel/http/render';

/** `GET /equipment/indicators` (vgp_indicators): the VGP widgets on one page. */
export async function indicatorsPage(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'equipment/indicators/index', { title: req.t('vgp-indicators.title'), hideTitle: true });
}
