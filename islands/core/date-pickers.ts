// Its own chunk with its styles, loaded by the first date field (lazy-enhancer.ts, main.ts).
import 'flatpickr/dist/flatpickr.min.css';
import './date-pickers.css';
import flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import type { CustomLocale } from 'flatpickr/dist/types/locale';
import { loadPickerLocale } from './date-picker-locale';
import { locale, t } from './i18n';
import { provideLazyEnhancer } from './lazy-enhancer';

type PickerInput = HTMLInputElement & { _flatpickr?: Instance };

/** Fields whose typed text is being selected: their change is typed, not picked in the calendar. */
const typing = new WeakSet<HTMLInputElement>();

let pickerLocale: Partial<CustomLocale> = { firstDayOfWeek: 1 };

/**
 * Resolves once the user's month and day names are there. The chunk counts as loaded only then
 * (main.ts, lazy-enhancer.ts): no picker ever shows another locale's names first.
 */
export const pickerLocaleReady: Promise<void> = loadPickerLocale(locale()).then((names) => {
  pickerLocale = names;
});

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

/**
 * What the user typed, read as the server reads it: `D/M/YYYY` padded to `DD/MM/YYYY` (and an
 * optional ` H:mm`), or `undefined` when it is no real date (`31/02/2026`, `abc`). Stricter than
 * flatpickr's own parser, which rolls `31/02` over to `03/03` without a word.
 */
export function readTypedDate(text: string): { text: string; date: Date } | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, d, m, y, hh, mm] = match;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59)) return undefined;
  const padded = `${d.padStart(2, '0')}/${m.padStart(2, '0')}/${y}${hh !== undefined ? ` ${hh.padStart(2, '0')}:${mm}` : ''}`;
  const date = parseFrenchDate(padded);
  return date && date.getMonth() === Number(m) - 1 ? { text: padded, date } : undefined;
}

function addDays(date: Date, days: number): Date {
  const copy = new Date(date.getTime());
  copy.setDate(copy.getDate() + days);
  return copy;
}

function picker(input: Element | null): Instance | undefined {
  return (input as PickerInput | null)?._flatpickr;
}

/**
 * The end's minimum follows the start. With `data-interval-days` the end also follows the start:
 * an empty end gets start + interval, and a start picked in the calendar after the end moves the
 * end along. A typed start never rewrites an end already given: the server explains the clash.
 */
function onStartChosen(startInput: PickerInput, start: Date | undefined, picked: boolean): void {
  const endInput = document.querySelector<PickerInput>(startInput.dataset.startFor || '');
  const end = picker(endInput);
  if (!endInput || !end) return;
  end.set('minDate', start ?? parseFrenchDate(endInput.dataset.minDate) ?? null);
  const interval = Number(endInput.dataset.intervalDays);
  if (!start || !endInput.dataset.intervalDays || !Number.isFinite(interval)) return;
  const current = end.selectedDates[0];
  const empty = endInput.value.trim() === '';
  if (empty || (picked && current && current < start)) {
    end.setDate(addDays(start, interval), false);
    endInput.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * The start's maximum follows the end, unless the end follows the start (`data-interval-days`):
 * then a later start moves the end, and bounding the start by the end would refuse every later
 * day (a new task ending today could not start tomorrow).
 */
function onEndChosen(endInput: PickerInput, end: Date | undefined): void {
  if (!endInput.id || endInput.dataset.intervalDays) return;
  const startInput = document.querySelector<PickerInput>(`[data-start-for="#${CSS.escape(endInput.id)}"]`);
  const start = picker(startInput);
  if (!startInput || !start) return;
  start.set('maxDate', end ?? parseFrenchDate(startInput.dataset.maxDate) ?? null);
}

function linkChosen(input: PickerInput, date: Date | undefined, picked: boolean): void {
  if (input.dataset.startFor) onStartChosen(input, date, picked);
  onEndChosen(input, date);
}

/** Selects `date` (or nothing) without touching the field's text, even outside the bounds. */
function selectKeepingText(instance: Instance, date: Date | undefined): void {
  instance.selectedDates = date ? [date] : [];
  instance.latestSelectedDateObj = date;
  // The calendar's hour fields follow, or the next time update would write their hour over the text's.
  if (date && instance.hourElement && instance.minuteElement) {
    instance.hourElement.value = String(date.getHours()).padStart(2, '0');
    instance.minuteElement.value = String(date.getMinutes()).padStart(2, '0');
  }
  if (date) instance.jumpToDate(date);
  instance.redraw();
}

/** The reason the field's text is not taken (client domain, French first), or null when it is. */
function reasonOf(input: PickerInput, instance: Instance): string | null {
  const text = input.value.trim();
  if (!text) return null;
  const typed = readTypedDate(text);
  if (!typed) return t(input.dataset.datepicker === 'datetime' ? 'dates.formatTime' : 'dates.format');
  if (instance.isEnabled(typed.date, false)) return null;
  const { minDate, maxDate } = instance.config;
  const format = instance.config.dateFormat;
  if (minDate && typed.date < minDate) return t('dates.min', { date: instance.formatDate(minDate, format) });
  return maxDate ? t('dates.max', { date: instance.formatDate(maxDate, format) }) : null;
}

/**
 * Explains a kept text right away, under the field (Bootstrap's invalid-feedback, described by
 * it), and takes the hint away once the text is a date within the bounds. A message the server
 * wrote under the field stays alone: it says the same after a submit.
 */
function explain(input: PickerInput, instance: Instance): void {
  const box = input.parentElement;
  if (!box) return;
  const hintId = `${input.id || input.name}_date_hint`;
  let hint = box.querySelector<HTMLElement>(`[data-date-hint="${CSS.escape(hintId)}"]`);
  const reason = reasonOf(input, instance);
  const fromServer = box.querySelector('.invalid-feedback:not([data-date-hint])');
  if (!reason || fromServer) {
    if (hint) {
      hint.remove();
      input.classList.remove('is-invalid');
      const rest = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== hintId);
      if (rest.length) input.setAttribute('aria-describedby', rest.join(' '));
      else input.removeAttribute('aria-describedby');
    }
    return;
  }
  if (!hint) {
    hint = document.createElement('div');
    hint.className = 'invalid-feedback';
    hint.id = hintId;
    hint.dataset.dateHint = hintId;
    input.after(hint);
    input.setAttribute('aria-describedby', `${input.getAttribute('aria-describedby') ?? ''} ${hintId}`.trim());
  }
  hint.textContent = reason;
  input.classList.add('is-invalid');
}

/**
 * flatpickr empties (or rolls over) a typed date it cannot select: not a date, or outside the
 * minimum / maximum, on blur, Enter, a click outside, and when a linked field moves its bounds.
 * The field keeps what was typed instead; the server answers with the French message and the
 * re-rendered form keeps the text too.
 */
function keepTypedText(input: PickerInput, instance: Instance, before: string): void {
  const setDate = instance.setDate.bind(instance);
  instance.setDate = (date, triggerChange, format) => {
    const text = input.value;
    if (typeof date !== 'string' || date !== text || text.trim() === '') {
      setDate(date, triggerChange, format);
      explain(input, instance);
      return;
    }
    const typed = readTypedDate(text);
    if (typed && instance.isEnabled(typed.date, false)) {
      // A Date, not the text: flatpickr's parser would refuse a datetime typed without its time.
      typing.add(input);
      try { setDate(typed.date, triggerChange); } finally { typing.delete(input); }
    } else {
      selectKeepingText(instance, typed?.date);
      if (triggerChange) linkChosen(input, typed?.date, false);
      // On a click or focus outside, a datetime picker then writes today at the calendar's hour
      // over a text it could not select (flatpickr's updateTime): the text comes back after it.
      queueMicrotask(() => {
        if (input.value === text) return;
        input.value = text;
        selectKeepingText(instance, typed?.date);
        explain(input, instance);
      });
    }
    explain(input, instance);
  };
  const set = instance.set.bind(instance);
  instance.set = ((option: Parameters<Instance['set']>[0], value?: unknown) => {
    const text = input.value;
    const dates = instance.selectedDates.slice();
    set(option, value as never);
    if (input.value !== text) {
      input.value = text;
      selectKeepingText(instance, dates[0]);
    }
    // A moved bound may put the kept text outside it, or take it back inside.
    explain(input, instance);
  }) as Instance['set'];
  // The value found at start (a re-rendered form's, or typed before this chunk loaded) stays as written.
  if (before.trim() !== '' && input.value !== before) {
    input.value = before;
    selectKeepingText(instance, readTypedDate(before)?.date);
  }
}

/**
 * Turns `input[data-datepicker]` into flatpickr pickers named in the user's locale and written
 * DD/MM/YYYY (`d/m/Y`, or `d/m/Y H:i` with `data-datepicker="datetime"`), honouring `data-min-date`/`data-max-date` (DD/MM/YYYY or
 * `today`) and linked fields (`data-start-for="#end"` + `data-interval-days` on the end). A typed
 * date is never emptied nor rewritten ({@link keepTypedText}).
 */
export function enhanceDatePickers(root: ParentNode): void {
  const inputs = Array.from(root.querySelectorAll<PickerInput>('input[data-datepicker]'));
  if (root instanceof HTMLInputElement && root.matches('[data-datepicker]')) inputs.unshift(root);
  const fresh = inputs.filter((input) => !input._flatpickr);
  for (const input of fresh) {
    const withTime = input.dataset.datepicker === 'datetime';
    const before = input.value;
    const instance = flatpickr(input, {
      locale: pickerLocale,
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
      onChange: (dates, _str, instance) => {
        linkChosen(input, dates[0], !typing.has(input));
        explain(input, instance);
      },
    });
    keepTypedText(input, instance, before);
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

void pickerLocaleReady.then(() => provideLazyEnhancer('date-pickers', { enhance: enhanceDatePickers, teardown: teardownDatePickers }));
