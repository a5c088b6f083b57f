import type { Request, Response } from 'express';
import { renderScreen } from '../../../kernel/http/render';

/** `GET /unique-document/indicators` (unique_document_indicators): the document's four widgets. */
export async function indicatorsPage(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/indicators/index', { title: req.t('du-actions.indicators.title'), hideTitle: true });
}
