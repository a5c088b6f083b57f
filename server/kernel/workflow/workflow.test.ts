import { sampleUser, sampleWorkflow, type SampleSubject } from '../../../tests/fixtures/sample-workflow';
import { defineWorkflow } from './workflow';
import { translator } from '../i18n/i18n';

const editor = sampleUser(1, ['sample.edit']);
const validator = sampleUser(2, ['sample.validate']);
const reader = sampleUser(3, []);
const admin = sampleUser(4, [], { roles: ['super_admin'] });

function plan(status: string, extra: Partial<SampleSubject> = {}): SampleSubject {
  return { id: 10, tenantId: 1, title: 'Maintenance chaudière', ownerId: 1, hasStaff: true, status, version: 1, ...extra };
}

const names = (s: SampleSubject, u = editor) => sampleWorkflow.transitions(s, u).map((t) => t.name);

describe('workflow.transitions: the buttons offered', () => {
  it('offers per state only the transitions leaving that state', () => {
    expect(names(plan('draft'))).toEqual(['send_tiers']);
    expect(names(plan('waiting_tiers'))).toEqual(['sign', 'refuse']);
    expect(names(plan('in_operation'))).toEqual(['close']);
    expect(names(plan('expired'))).toEqual([]);
  });

  it('hides the transitions whose right the user lacks', () => {
    expect(names(plan('draft'), reader)).toEqual([]);
    expect(names(plan('waiting_tiers'), reader)).toEqual(['sign']);
    expect(names(plan('waiting_internal'), editor)).toEqual(['refuse']);
    expect(names(plan('waiting_internal'), validator)).toEqual(['validate']);
  });

  it("applies the right's record policy: the author may not validate his own plan", () => {
    const own = sampleUser(1, ['sample.validate']);
    expect(names(plan('waiting_internal'), own)).toEqual([]);
    expect(names(plan('waiting_internal', { ownerId: 99 }), own)).toEqual(['validate']);
  });

  it('hides a transition refused by a guard', () => {
    expect(names(plan('waiting_internal', { hasStaff: false }), validator)).toEqual([]);
    expect(sampleWorkflow.can(plan('waiting_internal', { hasStaff: false }), 'validate', validator))
      .toEqual({ ok: false, reason: 'sample.refusal.no_staff', status: 403 });
  });

  it('gives super_admin every transition of the state', () => {
    expect(names(plan('waiting_internal', { ownerId: 99 }), admin)).toEqual(['refuse', 'validate']);
  });

  it('carries the metadata the buttons need', () => {
    const [refuse] = sampleWorkflow.transitions(plan('waiting_internal'), editor);
    expect(refuse).toMatchObject({
      name: 'refuse', to: 'draft', label: 'workflow.sample.transitions.refuse', comment: 'required',
      confirm: 'workflow.sample.confirm.refuse', signature: false, style: 'outline-danger',
    });
    const [sign] = sampleWorkflow.transitions(plan('waiting_tiers'), reader);
    expect(sign).toMatchObject({ name: 'sign', signature: true, comment: 'none' });
  });
});

describe('workflow.can: refused pairs', () => {
  it.each([
    ['draft', 'validate'], ['draft', 'close'], ['draft', 'sign'], ['expired', 'send_tiers'], ['in_operation', 'refuse'],
  ])('refuses from %s the transition %s (409, state mismatch)', (state, transition) => {
    const result = sampleWorkflow.can(plan(state), transition, admin);
    expect(result).toMatchObject({ ok: false, status: 409 });
  });

  it('refuses an unknown transition with 404', () => {
    expect(sampleWorkflow.can(plan('draft'), 'teleport', admin)).toMatchObject({ ok: false, status: 404 });
    expect(sampleWorkflow.can(plan('draft'), 'toString', admin)).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses without the right with a reason read in the user\'s language (403)', () => {
    expect(sampleWorkflow.can(plan('draft'), 'send_tiers', reader))
      .toEqual({ ok: false, reason: 'workflow.refusal.forbidden', status: 403 });
    expect(translator('fr')('workflow.refusal.forbidden')).toBe("Vous n'avez pas le droit d'effectuer cette action.");
    expect(translator('en')('workflow.refusal.forbidden')).toBe('You are not allowed to perform this action.');
  });

  it('refuses while a required field is empty, naming the field', () => {
    for (const title of [null, '', '   ']) {
      expect(sampleWorkflow.can(plan('draft', { title }), 'send_tiers', editor))
        .toEqual({ ok: false, reason: 'workflow.refusal.required', status: 403, field: 'title' });
    }
    // The button stays, so the user learns what is missing when pressing it.
    expect(names(plan('draft', { title: '' }))).toEqual(['send_tiers']);
    expect(sampleWorkflow.can(plan('draft'), 'send_tiers', editor)).toEqual({ ok: true });
  });
});

describe('defineWorkflow: the definition is checked at load time', () => {
  const base = {
    name: 'demo', property: 'status', initial: 'a', places: ['a', 'b'], subjectTable: 'demo', subjectType: 'demo',
    transitions: { go: { from: ['a'], to: 'b' } },
  };

  it('accepts a sound definition', () => {
    expect(defineWorkflow(base).state({ status: 'a' })).toEqual({ name: 'a', label: 'workflow.demo.places.a' });
  });

  it.each([
    ['an unknown target place', { transitions: { go: { from: ['a'], to: 'zz' } } }, /arrivée inconnu « zz »/],
    ['an unknown source place', { transitions: { go: { from: ['zz'], to: 'b' } } }, /départ inconnu « zz »/],
    ['an empty from', { transitions: { go: { from: [], to: 'b' } } }, /aucun état de départ/],
    ['an unknown initial place', { initial: 'zz' }, /initial « zz » inconnu/],
    ['a duplicated place', { places: ['a', 'b', 'a'] }, /double/],
    ['a label for an unknown place', { labels: { zz: 'x' } }, /inconnu « zz »/],
    ['no transition', { transitions: {} }, /aucune transition/],
    ['a bad transition name', { transitions: { 'Go!': { from: ['a'], to: 'b' } } }, /nom invalide/],
    ['an unsafe table name', { subjectTable: 'demo; drop table x' }, /table/],
    ['a bad comment mode', { transitions: { go: { from: ['a'], to: 'b', comment: 'maybe' as 'none' } } }, /commentaire/],
  ])('throws on %s', (_, patch, message) => {
    expect(() => defineWorkflow({ ...base, ...patch })).toThrow(message);
  });

  it('refuses a listener on an unknown transition', () => {
    expect(() => defineWorkflow(base).on('nope', () => undefined)).toThrow(/inconnue « nope »/);
  });

  it('uses custom place labels when given', () => {
    expect(defineWorkflow({ ...base, labels: { b: 'common.done' } }).placeLabel('b')).toBe('common.done');
  });
});

describe('refusal reasons are translation keys', () => {
  it('refuses, outside production, a guard that answers a French sentence instead of a key', () => {
    const wf = defineWorkflow<SampleSubject>({
      name: 'sentence', property: 'status', initial: 'draft', places: ['draft', 'done'], subjectTable: 'sample', subjectType: 'sample',
      transitions: { finish: { from: ['draft'], to: 'done', guards: [() => 'Ajoutez au moins un intervenant avant de valider.'] } },
    });
    expect(() => wf.can(plan('draft'), 'finish', editor)).toThrow(/clé de traduction/);
    const keyed = defineWorkflow<SampleSubject>({
      name: 'keyed', property: 'status', initial: 'draft', places: ['draft', 'done'], subjectTable: 'sample', subjectType: 'sample',
      transitions: { finish: { from: ['draft'], to: 'done', guards: [() => 'sample.refusal.no_staff'] } },
    });
    expect(keyed.can(plan('draft'), 'finish', editor)).toEqual({ ok: false, reason: 'sample.refusal.no_staff', status: 403 });
  });
});
