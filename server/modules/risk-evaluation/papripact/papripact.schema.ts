import { z } from 'zod';
import { money, optionalText, queryId, version } from '../../../kernel/http/fields';

/** The line form's name: fields are `du_papripact_line[<field>]`. */
export const LINE_FORM = 'du_papripact_line';

/** The programme's fields of an action for a year (`du_papripact_line[...]`); cost in euros, French decimal comma. */
export const lineSchema = z.object({
  conditions: optionalText(5000),
  indicator: optionalText(2000),
  cost: money({ error: 'du-papripact.errors.cost', digits: 13 }),
  version,
});

/** The year of a programme: 2000 to 2100, else the current year. */
const queryYear = z.transform((v) => {
  const s = typeof v === 'string' ? v : '';
  const n = /^\d{4}$/.test(s) ? Number(s) : NaN;
  return n >= 2000 && n <= 2100 ? n : null;
});

/** The programme's filters (a bad value is ignored). */
export const programmeQuery = z.object({ item: queryId, level: queryId, year: queryYear });
