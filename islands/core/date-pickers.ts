// Its own chunk with its styles, loaded by the first date field (lazy-enhancer.ts, main.ts).
import 'flatpickr/dist/flatpickr.min.css';
import './date-pickers.css';
import flatpickr from 'flatpickr';
import { French } from 'flatpickr/dist/l10n/fr';
import type { Instance } from 'flatpickr/dist/types/instance';
import { provideLazyEnhancer } from './lazy-enhancer';

type PickerInput = HTMLInputElement & { _flatpickr?: Instance };

/** Parses `DD/MM/YYYY` (optionally ` HH:mm`) or `today`; `undefined` when empty or invalid. */
export function parseFrenchDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  if (value === 'today') {
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    return today;
  }
  const match = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, d, m, y, hh, mm] = match;
  const date = new Date(Number(y), Number(m) - 1, Number(d), Number(hh ?? 0), Number(mm ?? 0));
  return date.getDate() === Number(d) ? date : undefined;
}

function addDays(date: Date, days: number): Date {
  const copy = new Date(date.getTime());
  copy.setDate(copy.getDate() + days);
  return copy;
}

function picker(input: Element | null): Instance | undefined {
  return (input as PickerInput | null)?._flatpickr;
}

function onStartChosen(startInput: PickerInput, start: Date | undefined): void {
  const endInput = document.querySelector<PickerInput>(startInput.dataset.startFor || '');
  const end = picker(endInput);
  if (!endInput || !end) return;
  end.set('minDate', start ?? parseFrenchDate(endInput.dataset.minDate) ?? null);
  if (!start) return;
  const interval = Number(endInput.dataset.intervalDays);
  const current = end.selectedDates[0];
  if (endInput.dataset.intervalDays && Number.isFinite(interval) && (!current || current < start)) {
    end.setDate(addDays(start, interval), false);
    endInput.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

function onEndChosen(endInput: PickerInput, end: Date | undefined): void {
  if (!endInput.id) return;
  const startInput = document.querySelector<PickerInput>(`[data-start-for="#${CSS.escape(endInput.id)}"]`);
  const start = picker(startInput);
  if (!startInput || !start) return;
  start.set('maxDate', end ?? parseFrenchDate(startInput.dataset.maxDate) ?? null);
}

/**
 * Turns `input[data-datepicker]` into French flatpickr pickers (`d/m/Y`, or `d/m/Y H:i` with
 * `data-datepicker="datetime"`), honouring `data-min-date`/`data-max-date` (DD/MM/YYYY or
 * `today`) and linked fields (`data-start-for="#end"` + `data-interval-days` on the end).
 */
export function enhanceDatePickers(root: ParentNode): void {
  const inputs = Array.from(root.querySelectorAll<PickerInput>('input[data-datepicker]'));
  if (root instanceof HTMLInputElement && root.matches('[data-datepicker]')) inputs.unshift(root);
  const fresh = inputs.filter((input) => !input._flatpickr);
  for (const input of fresh) {
    const withTime = input.dataset.datepicker === 'datetime';
    flatpickr(input, {
      locale: French,
      dateFormat: withTime ? 'd/m/Y H:i' : 'd/m/Y',
      enableTime: withTime,
      time_24hr: true,
      allowInput: true,
      disableMobile: true,
      minDate: parseFrenchDate(input.dataset.minDate),
      maxDate: parseFrenchDate(input.dataset.maxDate),
      onReady: (_dates, _str, instance) => {
        // Bootstrap's modal focus trap would steal the focus from the calendar (appended to body).
        instance.calendarContainer.addEventListener('focusin', (event) => event.stopPropagation());
        // With allowInput, flatpickr leaves Escape to the typed field and the modal stack leaves it
        // to an open calendar: the field closes it. Stopped here, or Bootstrap's "static" bounce
        // moved the focus and the focus trap gave it back, which opened the calendar again.
        input.addEventListener('keydown', (event) => {
          if (event.key !== 'Escape' || !instance.isOpen) return;
          event.stopPropagation();
          instance.close();
        });
      },
      onChange: (dates) => {
        if (input.dataset.startFor) onStartChosen(input, dates[0]);
        onEndChosen(input, dates[0]);
      },
    });
  }
  // Link after every picker of the subtree exists, so pre-filled values constrain each other.
  for (const input of fresh) {
    const date = input._flatpickr?.selectedDates[0];
    if (!date) continue;
    if (input.dataset.startFor) picker(document.querySelector(input.dataset.startFor))?.set('minDate', date);
    onEndChosen(input, date);
  }
}

/** Destroys the pickers of a subtree (their calendars live in `<body>`). */
export function teardownDatePickers(root: ParentNode): void {
  const inputs = Array.from(root.querySelectorAll<PickerInput>('input[data-datepicker]'));
  if (root instanceof HTMLInputElement) inputs.push(root);
  inputs.forEach((input) => input._flatpickr?.destroy());
}

provideLazyEnhancer('date-pickers', { enhance: enhanceDatePickers, teardown: teardownDatePickers });
