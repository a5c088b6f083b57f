import { contribute } from '../../../kernel/extension';
import { homeCards } from '../../../kernel/home-cards';
import type { VgpPart } from '../core/vgp-part';
import { indicatorsPage } from './indicators.handlers';
import { myControlsCard } from './my-controls.card';
import {
  breakdownWidget, myControlsWidget, totalActionsWidget, totalControlsWidget, totalDoneWidget, totalEquipmentWidget,
} from './indicators.widgets';

/**
 * The VGP indicators (issue 24 item 8): controls per deadline state, my controls, totals of
 * equipment, controls, controls done this year and open actions raised by controls; on their page
 * and, for « my controls », as a home card.
 */
export const indicatorsPart: VgpPart = {
  routes: [
    breakdownWidget, myControlsWidget, totalEquipmentWidget, totalControlsWidget, totalDoneWidget, totalActionsWidget,
    { name: 'vgp_indicators', method: 'GET', path: '/equipment/indicators', right: 'vgp.view', handler: indicatorsPage },
  ],
  contributes: [contribute(homeCards, myControlsCard)],
};
