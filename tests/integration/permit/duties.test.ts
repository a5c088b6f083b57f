import { createTestApp, type TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import type { Actor } from '../prevention-plan/plan-helpers';
import { addPermit, permitFields, permitScene, postStep, XHR } from './permit-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const TWICE = (step: string) => `Cette personne a déjà signé l&#39;étape « ${step} » : une même personne ne signe pas une étape deux fois, sous deux qualités.`;
const signers = async (id: number, step: string) => (await t.db.dataSource.query('SELECT signer_name FROM permit_signature WHERE permit_id = $1 AND step = $2 ORDER BY id', [id, step])).map((r: { signer_name: string }) => r.signer_name);
const stateOf = async (id: number) => (await t.db.dataSource.query('SELECT state FROM permit WHERE id = $1', [id]))[0].state;

/** Adds a signature to a step of a fire permit (« Ajouter une signature »). */
const addSignature = (a: Actor, id: number, step: string, name: string, quality: string) => a.agent.post(`/fire-permit/${id}/signature/add`).set(XHR).type('form').send({
  _csrf_token: a.csrf, 'permit_signature[step]': step, 'permit_signature[quality]': quality, 'signature[name]': name, 'signature[image]': drawing(),
});

describe('one person signs a permit step once', () => {
  it('refuses a second signature of a step by whoever signed it (any case or accents), keeping what was typed; another person signs', async () => {
    const s = await permitScene(t);
    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s));
    expect((await postStep(s.customer, `/fire-permit/${id}/step/before`, { questionId: s.survey.questionId, answer: s.survey.yes, name: 'Hélène Faure' })).status).toBe(201);
    const twice = await addSignature(s.customer, id, 'before', 'FAURE helene', 'Soudeuse');
    expect(twice.status).toBe(200);
    expect(twice.text).toContain('data-testid="signature-error"');
    expect(twice.text).toContain(TWICE('Contrôle avant travaux (accord)'));
    expect(twice.text).toContain('Soudeuse');
    expect(twice.text).toContain('FAURE helene');
    expect(await signers(id, 'before')).toEqual(['Hélène Faure']);
    expect((await addSignature(s.customer, id, 'before', 'Luc Durand', 'Soudeur')).status).toBe(201);
    expect(await signers(id, 'before')).toEqual(['Hélène Faure', 'Luc Durand']);
  });

  it('refuses doing a step under the name of someone who already signed it ahead; the step stays to do', async () => {
    const s = await permitScene(t);
    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s));
    await postStep(s.customer, `/fire-permit/${id}/step/before`, { questionId: s.survey.questionId, answer: s.survey.yes });
    // The welder signs the after-work step first; the step itself is then done by him again: refused.
    expect((await addSignature(s.customer, id, 'after', 'Luc Durand', 'Soudeur')).status).toBe(201);
    const twice = await postStep(s.customer, `/fire-permit/${id}/step/after`, { questionId: s.survey.questionId, answer: s.survey.yes, name: 'Luc  DURAND' });
    expect(twice.status).toBe(200);
    expect(twice.text).toContain(TWICE('Contrôle après travaux'));
    expect(await stateOf(id)).toBe('in_progress');
    expect(await signers(id, 'after')).toEqual(['Luc Durand']);
    expect((await postStep(s.customer, `/fire-permit/${id}/step/after`, { questionId: s.survey.questionId, answer: s.survey.yes, name: 'Odile Test' })).status).toBe(201);
    expect(await stateOf(id)).toBe('post_work');
  });
});
