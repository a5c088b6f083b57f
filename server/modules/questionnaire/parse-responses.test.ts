import { deflateSync } from 'node:zlib';
import { FixedClock, useClock } from '../../kernel/clock';
import { parseResponses, userLabelsOf, type QuestionnaireUpload } from './parse-responses';
import type { AnswerType, QuestionnaireQuestion, QuestionnaireTree } from './questionnaire.types';

let nextId = 1;
function question(answerType: AnswerType, opts: Partial<QuestionnaireQuestion> = {}): QuestionnaireQuestion {
  const id = nextId++;
  const choice = ['multiple_select', 'unique_select', 'checkbox', 'radio'].includes(answerType);
  const answers = choice ? [
    { id: id * 100 + 1, label: 'Conforme', points: 1, conforming: true, color: 'green', createsAction: false },
    { id: id * 100 + 2, label: 'Non conforme', points: 0, conforming: false, color: 'red', createsAction: true },
  ] : [];
  return { id, label: `Question ${id}`, position: id, answerType, required: false, displayLabel: true, width: 12, answers, ...opts };
}
const treeOf = (...questions: QuestionnaireQuestion[]): QuestionnaireTree => ({ id: 1, name: 'Visite', ownerType: 'survey', surveyType: 'construction_site', groups: [{ id: 1, name: 'Groupe', width: 12, position: 1, helpFile: null, questions }] });
const body = (answers: Record<string, unknown>) => ({ questionnaire: answers });

/** A real PNG (RGBA) with one opaque pixel, as a signature pad exports it. */
function signaturePng(blank = false): string {
  const width = 4;
  const height = 2;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  if (!blank) raw.writeUInt32BE(0x1b2a4aff, 1);
  const chunk = (type: string, data: Buffer) => { const len = Buffer.alloc(4); len.writeUInt32BE(data.length); return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]); };
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function upload(questionId: number, name: string, extra: Partial<QuestionnaireUpload> = {}): QuestionnaireUpload {
  const staged = { tmpKey: 'tmp/0b6c2f8e-1d3a-4c5e-9f70-2a4b6c8d0e1f', originalName: name, mimeType: 'application/pdf', extension: 'pdf', sizeBytes: 9 };
  return { fieldname: `questionnaire[q${questionId}]`, originalname: name, staged, ...extra };
}

describe('parseResponses', () => {
  it('reads short and long texts, trimmed, and refuses what is too long while keeping it', () => {
    const short = question('short');
    const long = question('long');
    const { values, errors } = parseResponses(treeOf(short, long), body({ [`q${short.id}`]: '  Échafaudage  ', [`q${long.id}`]: 'x'.repeat(10_001) }), undefined);
    expect(values[short.id]).toBe('Échafaudage');
    expect(values[long.id]).toHaveLength(10_001);
    expect(errors).toEqual({ [long.id]: 'validation.too_long' });
  });

  it('normalises dates, date-times and times and keeps a wrong one as typed', () => {
    const date = question('date');
    const dt = question('datetime');
    const time = question('time');
    const ok = parseResponses(treeOf(date, dt, time), body({ [`q${date.id}`]: '05/03/2026', [`q${dt.id}`]: '05/03/2026 14:30', [`q${time.id}`]: '7:05' }), undefined);
    expect(ok.values).toEqual({ [date.id]: '2026-03-05', [dt.id]: '2026-03-05T14:30', [time.id]: '07:05' });
    expect(ok.errors).toEqual({});
    const bad = parseResponses(treeOf(date, dt, time), body({ [`q${date.id}`]: '31/02/2026', [`q${dt.id}`]: '05/03/2026', [`q${time.id}`]: '25:00' }), undefined);
    expect(bad.values[date.id]).toBe('31/02/2026');
    expect(bad.errors).toEqual({ [date.id]: 'questionnaire.errors.date', [dt.id]: 'questionnaire.errors.datetime', [time.id]: 'questionnaire.errors.time' });
  });

  it('takes one proposed answer for unique select and radio, several for multiple select and checkbox, and refuses unknown ones', () => {
    const unique = question('unique_select');
    const radio = question('radio');
    const multi = question('multiple_select');
    const boxes = question('checkbox');
    const tree = treeOf(unique, radio, multi, boxes);
    const { values, errors } = parseResponses(tree, body({
      [`q${unique.id}`]: String(unique.answers[1].id), [`q${radio.id}`]: String(radio.answers[0].id),
      [`q${multi.id}`]: [String(multi.answers[0].id), String(multi.answers[1].id), String(multi.answers[0].id)], [`q${boxes.id}`]: [String(boxes.answers[1].id)],
    }), undefined);
    expect(errors).toEqual({});
    expect(values).toEqual({ [unique.id]: [unique.answers[1].id], [radio.id]: [radio.answers[0].id], [multi.id]: [multi.answers[0].id, multi.answers[1].id], [boxes.id]: [boxes.answers[1].id] });
    // An answer of another question (or of another company) is not a choice of this one.
    const forged = parseResponses(tree, body({ [`q${unique.id}`]: String(radio.answers[0].id), [`q${boxes.id}`]: [String(boxes.answers[0].id), '999999'] }), undefined);
    expect(forged.errors).toEqual({ [unique.id]: 'validation.choice', [boxes.id]: 'validation.choice' });
    expect(forged.values[boxes.id]).toEqual([boxes.answers[0].id]);
  });

  it('reads users with their shown names, and refuses a name typed without picking it', () => {
    const one = question('user');
    const many = question('multi_user');
    const { values, errors } = parseResponses(treeOf(one, many), body({
      [`q${one.id}`]: '12', [`q${one.id}_label`]: 'Claire Martin',
      [`q${many.id}`]: ['4', '', '9'], [`q${many.id}_label`]: ['Karim Benali', '', 'Julien Moreau'],
    }), undefined);
    expect(errors).toEqual({});
    expect(values).toEqual({ [one.id]: 12, [many.id]: [4, 9] });
    expect(userLabelsOf(values)).toEqual({ 12: 'Claire Martin', 4: 'Karim Benali', 9: 'Julien Moreau' });
    const typed = parseResponses(treeOf(one), body({ [`q${one.id}`]: '', [`q${one.id}_label`]: 'Quelqu’un' }), undefined);
    expect(typed.errors).toEqual({ [one.id]: 'questionnaire.errors.user' });
  });

  it('takes a checked file, refuses an unchecked or refused one, and keeps a stored one', () => {
    const file = question('file');
    const taken = parseResponses(treeOf(file), body({}), [upload(file.id, 'Rapport.pdf')]);
    expect(taken.errors).toEqual({});
    expect(taken.values[file.id]).toMatchObject({ pending: true, name: 'Rapport.pdf' });
    expect(parseResponses(treeOf(file), body({}), [upload(file.id, 'virus.exe', { refusal: 'questionnaire.errors.file_type', staged: undefined })]).errors)
      .toEqual({ [file.id]: 'questionnaire.errors.file_type' });
    expect(parseResponses(treeOf(file), body({}), [upload(file.id, 'x.pdf', { staged: undefined })]).errors).toEqual({ [file.id]: 'questionnaire.errors.file_type' });
    expect(parseResponses(treeOf(file), body({ [`q${file.id}`]: { keep: '77' } }), []).values[file.id]).toEqual({ keep: true, fileId: 77 });
  });

  it('takes a drawn signature with its time, refuses an empty drawing, and keeps a stored one', () => {
    const restore = useClock(new FixedClock(new Date('2026-03-05T09:15:00Z')));
    try {
      const sig = question('signature', { required: true });
      const drawn = parseResponses(treeOf(sig), body({ [`q${sig.id}`]: { image: signaturePng() } }), undefined);
      expect(drawn.errors).toEqual({});
      expect(drawn.values[sig.id]).toEqual({ image: signaturePng(), signedAt: '2026-03-05T09:15:00.000Z' });
      expect(parseResponses(treeOf(sig), body({ [`q${sig.id}`]: { image: signaturePng(true) } }), undefined).errors).toEqual({ [sig.id]: 'questionnaire.errors.signature' });
      expect(parseResponses(treeOf(sig), body({ [`q${sig.id}`]: { image: '', keep: '5' } }), undefined).values[sig.id]).toEqual({ keep: true, fileId: 5 });
      // A drawing shown again after an error comes back in `drawn`.
      expect(parseResponses(treeOf(sig), body({ [`q${sig.id}`]: { image: '', drawn: signaturePng() } }), undefined).errors).toEqual({});
    } finally {
      restore();
    }
  });

  it('asks for every required answer with the spec message, except in a draft', () => {
    const questions = (['short', 'long', 'date', 'datetime', 'time', 'unique_select', 'multiple_select', 'checkbox', 'radio', 'user', 'multi_user', 'file', 'signature'] as AnswerType[])
      .map((type) => question(type, { required: true }));
    const optional = question('short');
    const tree = treeOf(...questions, optional);
    const blank = parseResponses(tree, body({ [`q${questions[0].id}`]: '   ', [`q${questions[6].id}`]: [] }), []);
    expect(Object.keys(blank.errors).map(Number).sort((a, b) => a - b)).toEqual(questions.map((q) => q.id));
    expect(new Set(Object.values(blank.errors))).toEqual(new Set(['questionnaire.errors.answer_required']));
    expect(blank.values).toEqual({});
    const draft = parseResponses(tree, body({ [`q${questions[2].id}`]: 'hier' }), [], { draft: true });
    // A draft skips required answers but still checks formats.
    expect(draft.errors).toEqual({ [questions[2].id]: 'questionnaire.errors.date' });
  });

  it('ignores a body without answers or with answers to other questions', () => {
    const q = question('short');
    expect(parseResponses(treeOf(q), {}, undefined)).toEqual({ values: {}, errors: {} });
    expect(parseResponses(treeOf(q), body({ q999999: 'x' }), undefined).values).toEqual({});
  });
});
