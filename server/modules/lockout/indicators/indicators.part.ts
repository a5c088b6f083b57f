import type { Request, Response } from 'express';
import { renderScreen } from '../../../kernel/http/render';
import type { LockoutPart } from '../core/lockout-part';
import { LOCKOUT_ACCESS } from '../core/lockout-rights';
import { byMachineWidget, listWidget } from './indicators.widgets';

/** `GET /consignment/indicators` (consignment_indicators): slips in progress and slips by machine. */
async function indicatorsPage(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'lockout/indicators/index', { title: req.t('lockout.indicators.title'), hideTitle: true, section: 'indicators' });
}

/** The consignment indicators (issue 26 item 4): the two dashboard widgets, on their page. */
export const indicatorsPart: LockoutPart = {
  routes: [listWidget, byMachineWidget, { name: 'consignment_indicators', method: 'GET', path: '/consignment/indicators', right: LOCKOUT_ACCESS, handler: indicatorsPage }],
};
