import { type WastePart } from '../core/waste-part';
import { ENV_VIEW } from '../core/waste-rights';
import { indicatorsPage } from './indicators.handlers';
import { wasteWidget } from './indicators.widgets';

/** The environment indicators (issue 26 item 6): tonnes per month and per family, on their page. */
export const indicatorsPart: WastePart = {
  routes: [wasteWidget, { name: 'waste_indicators', method: 'GET', path: '/waste/indicators', right: ENV_VIEW, handler: indicatorsPage }],
};
