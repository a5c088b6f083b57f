import { z } from 'zod';
import {
  MAX_ID, checkbox, decimal, email, frenchDate, idList, integer, isFrenchDate, money, oneOf, optionalEmail, optionalId, optionalInteger, optionalOneOf,
  optionalPhone, optionalText, phone, queryDate, queryEnum, queryId, queryMatch, queryPage, queryText, requiredEmail, requiredFrenchDate, requiredId,
  requiredText, requiredTime, siret, text, time, toIsoDate, version, yesNo,
} from '../../../server/kernel/http/fields';
import { parseForm } from '../../../server/kernel/http/forms';

/** The value, or the first message (a translation key), of one field read through `parseForm`. */
function read(field: z.ZodType, value: unknown, opts: { absent?: boolean } = {}): unknown {
  const r = parseForm(z.object({ f: field }), { form: opts.absent ? {} : { f: value } }, 'form');
  return r.ok ? r.data.f : { error: r.errors.f };
}
const err = (key: string) => ({ error: key });
const x = (n: number) => 'x'.repeat(n);

describe('text builders', () => {
  it('text: trimmed, blank is empty, max exactly passes and max + 1 is too long', () => {
    expect(read(text(5), '  ab  ')).toBe('ab');
    expect(read(text(5), undefined, { absent: true })).toBe('');
    expect(read(text(5), '   ')).toBe('');
    expect(read(text(5), x(5))).toBe(x(5));
    expect(read(text(5), ` ${x(5)} `)).toBe(x(5));
    expect(read(text(5), x(6))).toEqual(err('validation.too_long'));
    expect(read(text(5), ['old', 'new'])).toBe('new');
    expect(read(text(5), { a: '1' })).toEqual(err('validation.invalid'));
  });
  it('requiredText: blank is required, max exactly passes, max + 1 is too long', () => {
    expect(read(requiredText(3), '')).toEqual(err('validation.required'));
    expect(read(requiredText(3), '  ')).toEqual(err('validation.required'));
    expect(read(requiredText(3), undefined, { absent: true })).toEqual(err('validation.required'));
    expect(read(requiredText(3), 'abc')).toBe('abc');
    expect(read(requiredText(3), 'abcd')).toEqual(err('validation.too_long'));
  });
  it('optionalText: blank is null', () => {
    expect(read(optionalText(3), '  ')).toBeNull();
    expect(read(optionalText(3), undefined, { absent: true })).toBeNull();
    expect(read(optionalText(3), ' ab ')).toBe('ab');
    expect(read(optionalText(3), 'abcd')).toEqual(err('validation.too_long'));
  });
});

describe('choices', () => {
  it('checkbox: its last value wins (hidden "0" twin first)', () => {
    expect(read(checkbox, ['0', '1'])).toBe(true);
    expect(read(checkbox, ['1', '0'])).toBe(false);
    expect(read(checkbox, 'on')).toBe(true);
    expect(read(checkbox, 'true')).toBe(true);
    expect(read(checkbox, undefined, { absent: true })).toBe(false);
  });
  it('yesNo: 1, 0, or not said', () => {
    expect(read(yesNo, '1')).toBe(true);
    expect(read(yesNo, '0')).toBe(false);
    expect(read(yesNo, '')).toBeNull();
  });
  it('oneOf: a value of the list; blank gives the fallback or the required key; others the choice key', () => {
    expect(read(oneOf(['a', 'b']), 'b')).toBe('b');
    expect(read(oneOf(['a', 'b']), 'c')).toEqual(err('validation.choice'));
    expect(read(oneOf(['a', 'b']), '')).toEqual(err('validation.choice'));
    expect(read(oneOf(['a', 'b'], { required: 'validation.selection' }), '')).toEqual(err('validation.selection'));
    expect(read(oneOf(['a', 'b'], { error: 'mod.validation.kind' }), 'z')).toEqual(err('mod.validation.kind'));
    expect(read(oneOf(['a', 'b'], { fallback: 'a' }), '  ')).toBe('a');
    expect(read(oneOf(['a', 'b'], { fallback: 'a' }), undefined, { absent: true })).toBe('a');
  });
  it('optionalOneOf: blank is null', () => {
    expect(read(optionalOneOf(['a']), '')).toBeNull();
    expect(read(optionalOneOf(['a']), 'a')).toBe('a');
    expect(read(optionalOneOf(['a']), 'b')).toEqual(err('validation.choice'));
  });
});

describe('ids', () => {
  it('optionalId: 1 to 2147483647; blank is null; 0, 2147483648 and text are invalid', () => {
    expect(read(optionalId(), '')).toBeNull();
    expect(read(optionalId(), undefined, { absent: true })).toBeNull();
    expect(read(optionalId(), '1')).toBe(1);
    expect(read(optionalId(), String(MAX_ID))).toBe(2_147_483_647);
    expect(read(optionalId(), '2147483648')).toEqual(err('validation.invalid'));
    expect(read(optionalId(), '0')).toEqual(err('validation.invalid'));
    expect(read(optionalId(), '-1')).toEqual(err('validation.invalid'));
    expect(read(optionalId(), '1.5')).toEqual(err('validation.invalid'));
    expect(read(optionalId(), 'abc')).toEqual(err('validation.invalid'));
    expect(read(optionalId({ error: 'validation.choice' }), 'abc')).toEqual(err('validation.choice'));
  });
  it('requiredId: blank is required, a bad id is the error key', () => {
    expect(read(requiredId(), '')).toEqual(err('validation.required'));
    expect(read(requiredId(), undefined, { absent: true })).toEqual(err('validation.required'));
    expect(read(requiredId(), String(MAX_ID))).toBe(MAX_ID);
    expect(read(requiredId(), String(MAX_ID + 1))).toEqual(err('validation.invalid'));
    expect(read(requiredId({ error: 'validation.selection', required: 'validation.selection' }), '')).toEqual(err('validation.selection'));
  });
  it('idList: blanks left out, each id once, at most max ids', () => {
    expect(read(idList(), undefined, { absent: true })).toEqual([]);
    expect(read(idList(), '')).toEqual([]);
    expect(read(idList(), '7')).toEqual([7]);
    expect(read(idList(), ['', '3', '3', '4'])).toEqual([3, 4]);
    expect(read(idList(), ['3', String(MAX_ID + 1)])).toEqual(err('validation.invalid'));
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
    expect(read(idList({ max: 3 }), ids(3))).toEqual([1, 2, 3]);
    expect(read(idList({ max: 3 }), ids(4))).toEqual(err('validation.invalid'));
    expect(read(idList(), ids(200))).toHaveLength(200);
    expect(read(idList(), ids(201))).toEqual(err('validation.invalid'));
    expect(read(idList({ max: null }), ids(201))).toHaveLength(201);
  });
  it('version: 0 when absent or blank, a whole number ≥ 0 otherwise', () => {
    expect(read(version, undefined, { absent: true })).toBe(0);
    expect(read(version, '')).toBe(0);
    expect(read(version, '3')).toBe(3);
    expect(read(version, '-1')).toEqual(err('validation.invalid'));
    expect(read(version, 'abc')).toEqual(err('validation.invalid'));
    expect(z.object({ version }).partial().parse({})).toEqual({ version: 0 });
  });
});

describe('numbers', () => {
  it('integer: min and max included, one below and one above refused', () => {
    const f = integer(1, 20, { error: 'mod.validation.number' });
    expect(read(f, '0')).toEqual(err('mod.validation.number'));
    expect(read(f, '1')).toBe(1);
    expect(read(f, '20')).toBe(20);
    expect(read(f, '21')).toEqual(err('mod.validation.number'));
    expect(read(f, '2.5')).toEqual(err('mod.validation.number'));
    expect(read(f, '1 0')).toBe(10);
    expect(read(f, '')).toEqual(err('validation.required'));
    expect(read(integer(0, 9, { fallback: 0 }), '')).toBe(0);
    expect(read(integer(0, 9, { fallback: 0 }), undefined, { absent: true })).toBe(0);
    expect(read(integer(0, 9, { required: 'mod.validation.number' }), '')).toEqual(err('mod.validation.number'));
  });
  it('optionalInteger: blank is null; tooBig has its own key', () => {
    const f = optionalInteger(0, 100, { error: 'g.integer', tooBig: 'g.too_large' });
    expect(read(f, '')).toBeNull();
    expect(read(f, '100')).toBe(100);
    expect(read(f, '101')).toEqual(err('g.too_large'));
    expect(read(f, '-1')).toEqual(err('g.integer'));
    expect(read(f, '1e3')).toEqual(err('g.integer'));
  });
  it('decimal: French comma and spaces, range and scale at their boundaries', () => {
    const f = decimal(0, 366, { error: 'hr.validation.days', scale: 2 });
    expect(read(f, '2,5')).toBe(2.5);
    expect(read(f, '366')).toBe(366);
    expect(read(f, '366,01')).toEqual(err('hr.validation.days'));
    expect(read(f, '-0,01')).toEqual(err('hr.validation.days'));
    expect(read(f, '1,25')).toBe(1.25);
    expect(read(f, '1,255')).toEqual(err('hr.validation.days'));
    expect(read(f, '0.29')).toBe(0.29);
    expect(read(f, '')).toBeNull();
    expect(read(decimal(0, 10, { required: 'validation.required' }), '  ')).toEqual(err('validation.required'));
  });
  it('money: up to 13 digits and 2 decimals, the exact string', () => {
    const f = money({ error: 'crm.validation.amount' });
    expect(read(f, '1 500 000,50')).toBe('1500000.50');
    expect(read(f, '9999999999999,99')).toBe('9999999999999.99');
    expect(read(f, '10000000000000')).toEqual(err('crm.validation.amount'));
    expect(read(f, '1,999')).toEqual(err('crm.validation.amount'));
    expect(read(f, '')).toBeNull();
  });
});

describe('dates and times', () => {
  it('frenchDate: DD/MM/YYYY to ISO, blank is null, a false day is the error key', () => {
    expect(read(frenchDate(), '29/02/2024')).toBe('2024-02-29');
    expect(read(frenchDate(), '29/02/2023')).toEqual(err('validation.invalid'));
    expect(read(frenchDate({ error: 'mod.validation.date' }), '2024-02-01')).toEqual(err('mod.validation.date'));
    expect(read(frenchDate(), '')).toBeNull();
    expect(read(frenchDate(), '01/02/2024 10:30')).toEqual(err('validation.invalid'));
  });
  it('frenchDate with iso: also YYYY-MM-DD and a time after the day, years 1900 to 2200', () => {
    const f = frenchDate({ iso: true });
    expect(read(f, '2024-02-01')).toBe('2024-02-01');
    expect(read(f, '01/02/2024 10:30')).toBe('2024-02-01');
    expect(read(f, '01/01/1900')).toBe('1900-01-01');
    expect(read(f, '31/12/1899')).toEqual(err('validation.invalid'));
    expect(read(f, '31/12/2200')).toBe('2200-12-31');
    expect(read(f, '01/01/2201')).toEqual(err('validation.invalid'));
    expect(toIsoDate('2024-13-01')).toBeNull();
  });
  it('requiredFrenchDate: blank is required', () => {
    expect(read(requiredFrenchDate(), '')).toEqual(err('validation.required'));
    expect(read(requiredFrenchDate({ error: 'event.validation.date' }), '32/01/2024')).toEqual(err('event.validation.date'));
    expect(read(requiredFrenchDate(), '01/02/2024')).toBe('2024-02-01');
    expect(isFrenchDate(' 01/02/2024 ')).toBe(true);
    expect(isFrenchDate('1/2/2024')).toBe(false);
  });
  it('time: HH:mm from 00:00 to 23:59', () => {
    expect(read(time(), '8:05')).toBe('08:05');
    expect(read(time(), '23:59')).toBe('23:59');
    expect(read(time(), '24:00')).toEqual(err('validation.invalid'));
    expect(read(time(), '08:60')).toEqual(err('validation.invalid'));
    expect(read(time(), '08:00:00')).toBe('08:00');
    expect(read(time(), '')).toBeNull();
    expect(read(requiredTime({ error: 'permit.validation.time' }), '')).toEqual(err('validation.required'));
    expect(read(requiredTime({ error: 'permit.validation.time' }), '7h')).toEqual(err('permit.validation.time'));
  });
});

describe('contact details and codes', () => {
  it('e-mail: blank allowed (empty or null), required when asked, max length', () => {
    expect(read(email(), '')).toBe('');
    expect(read(email(), ' a@b.fr ')).toBe('a@b.fr');
    expect(read(email(), 'a@')).toEqual(err('validation.email'));
    expect(read(email(10), 'abc@def.fr')).toBe('abc@def.fr');
    expect(read(email(10), 'abcd@def.fr')).toEqual(err('validation.too_long'));
    expect(read(requiredEmail(), '')).toEqual(err('validation.required'));
    expect(read(optionalEmail(), '')).toBeNull();
  });
  it('phone: digits, spaces, + ( ) . -; its own key; max length', () => {
    expect(read(phone(), '+33 (0)1 23 45 67 89')).toBe('+33 (0)1 23 45 67 89');
    expect(read(phone(30, { error: 'crm.validation.phone' }), 'abc')).toEqual(err('crm.validation.phone'));
    expect(read(phone(5), '12345')).toBe('12345');
    expect(read(phone(5), '123456')).toEqual(err('validation.too_long'));
    expect(read(optionalPhone(), '')).toBeNull();
  });
  it('siret: 14 digits, spaces dropped', () => {
    expect(read(siret(), '123 456 789 01234')).toBe('12345678901234');
    expect(read(siret({ error: 'crm.validation.siret' }), '1234567890123')).toEqual(err('crm.validation.siret'));
    expect(read(siret({ error: 'crm.validation.siret' }), '123456789012345')).toEqual(err('crm.validation.siret'));
    expect(read(siret(), '')).toBe('');
  });
});

describe('query-string builders never fail', () => {
  const filters = z.object({
    q: queryText(5), id: queryId, from: queryDate, state: queryEnum(['open', 'closed']), sort: queryEnum(['date', 'name'], 'date'),
    kind: queryMatch(/^[a-z]+$/), page: queryPage,
  });
  it('falls back on bad values', () => {
    expect(filters.parse({ q: ['a'], id: 'x', from: {}, state: 'z', sort: 'z', kind: 'A1', page: 'x' }))
      .toEqual({ q: '', id: null, from: '', state: '', sort: 'date', kind: '', page: 1 });
    expect(filters.parse({})).toEqual({ q: '', id: null, from: '', state: '', sort: 'date', kind: '', page: 1 });
  });
  it('keeps good values, at their boundaries', () => {
    expect(filters.parse({ q: ' abcdefg ', id: String(MAX_ID), from: ' 01/02/2024 ', state: 'open', sort: 'name', kind: 'abc', page: '3' }))
      .toEqual({ q: 'abcde', id: MAX_ID, from: '01/02/2024', state: 'open', sort: 'name', kind: 'abc', page: 3 });
    expect(queryId.parse(String(MAX_ID + 1))).toBeNull();
    expect(queryId.parse('0')).toBeNull();
    expect(queryId.parse('1')).toBe(1);
    expect(queryId.parse(7)).toBe(7);
    expect(queryId.parse(1.5)).toBeNull();
    expect(queryPage.parse('10000')).toBe(10_000);
    expect(queryPage.parse('10001')).toBe(10_000);
    expect(queryPage.parse('0')).toBe(1);
  });
});
