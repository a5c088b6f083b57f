import { checkSigningSubject, type SigningSubject } from './signing-subject';
import { signingWorkflow } from './signing-workflow';

const subject = (over: Partial<SigningSubject> = {}): SigningSubject => ({
  type: 'ppsps_test', table: 'ppsps_test', fk: 'ppsps_id', companyTable: 'ppsps_test_company', signatureTable: 'ppsps_test_signature',
  signingKinds: ['ET'], internalSignerColumn: 'correspondent_id', substituteTable: 'ppsps_test_substitute', rightPrefix: 'ppsps', ...over,
});

describe('signing core', () => {
  it('builds the graph without the on-site path for protocols and PPSPS, with it for plans', () => {
    const noSite = signingWorkflow({ name: 'ppsps_test', subject: subject(), onSite: false, problems: async () => [], stateLabels: 's', transitionLabels: 't' });
    expect(noSite.definition.places).not.toContain('waiting_sign');
    expect(noSite.transitionNames).not.toEqual(expect.arrayContaining(['send_on_site']));
    expect(noSite.transitionNames).not.toContain('site_sign');
    expect(noSite.definition.transitions.update.from).toEqual(['waiting_manual', 'waiting_tiers', 'waiting_internal']);
    const plan = signingWorkflow({ name: 'plan_test', subject: subject({ type: 'plan_test', table: 'plan_test' }), onSite: true, problems: async () => [], stateLabels: 's', transitionLabels: 't' });
    expect(plan.transitionNames).toEqual(['send_tiers', 'send_tiers_amend', 'send_on_site', 'send_manual', 'validate_external_file', 'sign', 'send_internal', 'site_sign', 'validate', 'validate_manual', 'refuse', 'update', 'close']);
  });

  it('refuses a descriptor whose table names could not go into SQL', () => {
    expect(() => checkSigningSubject(subject({ signatureTable: 'x"; DROP TABLE y; --' }))).toThrow('identifiant SQL invalide');
    expect(checkSigningSubject(subject()).fk).toBe('ppsps_id');
  });
});
