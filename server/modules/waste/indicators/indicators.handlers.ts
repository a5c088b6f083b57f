import type { Request, Response } from 'express';
import { renderScreen } from '../../../kernel/http/render';

/** `GET /waste/indicators` (waste_indicators): « Indicateurs environnement », the waste widget on its page. */
export async function indicatorsPage(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'waste/indicators/index', { title: req.t('waste.indicators.title'), hideTitle: true, section: 'indicators' });
}
