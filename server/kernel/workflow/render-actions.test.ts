import { SAMPLE_TABLE, sampleUser, sampleWorkflow, type SampleSubject } from '../../../tests/fixtures/sample-workflow';
import { renderActions } from './render-actions';
import { defineWorkflow } from './workflow';
import { buildWorkflowReply } from './workflow-reply';

const t = (key: string) => `«${key}»`;
const transitionUrl = (name: string) => `/pdp/42/transition/${name}`;
const editor = sampleUser(1, ['sample.edit']);
const plan = (status: string): SampleSubject => ({ id: 42, tenantId: 1, title: 'x', ownerId: 1, hasStaff: true, status, version: 1 });

interface Button { attrs: Record<string, string>; text: string }

const unescape = (v: string) => v.replace(/&#34;|&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The buttons of the partial, with their attributes (no DOM in the unit project). */
function buttons(html: string): Button[] {
  return [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map(([, attrs, text]) => ({
    attrs: Object.fromEntries([...attrs.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k, unescape(v ?? '')])),
    text: unescape(text),
  }));
}

describe('renderActions', () => {
  it('renders one button per allowed transition with the client contract attributes', async () => {
    const html = await renderActions({ workflow: sampleWorkflow, subject: plan('waiting_tiers'), user: editor, transitionUrl, t, csrfToken: 'tok<"' });
    const [sign, refuse] = buttons(html);
    expect(buttons(html)).toHaveLength(2);
    expect(sign.attrs.type).toBe('button');
    expect(sign.attrs['data-transition-url']).toBe('/pdp/42/transition/sign');
    expect(sign.attrs['data-comment-required']).toBe('0');
    expect(sign.attrs).not.toHaveProperty('data-comment-prompt');
    expect(sign.attrs).not.toHaveProperty('data-transition-confirm');
    expect(sign.attrs).not.toHaveProperty('disabled');
    expect(sign.text).toBe('«workflow.sample.transitions.sign»');
    expect(sign.attrs.class).toBe('btn btn-sm btn-success');
    expect(refuse.attrs['data-comment-required']).toBe('1');
    expect(refuse.attrs['data-comment-prompt']).toBe('«workflow.comment_prompt»');
    // The question rides with the comment (one modal), not on the generic [data-confirm] dialog.
    expect(refuse.attrs['data-transition-confirm']).toBe('«workflow.sample.confirm.refuse»');
    expect(refuse.attrs).not.toHaveProperty('data-confirm');
    expect(html).toMatch(/<div [^>]*data-workflow-actions[ >]/);
    // Escaped, not injected.
    expect(html).toContain('data-csrf-token="tok&lt;&#34;"');
  });

  it('renders an empty container when nothing may be pressed', async () => {
    const html = await renderActions({ workflow: sampleWorkflow, subject: plan('expired'), user: editor, transitionUrl, t, csrfToken: 'x' });
    expect(html).toContain('data-workflow-actions');
    expect(buttons(html)).toHaveLength(0);
  });
});

// Two preconditions, as the signing workflow declares them: the page shows both before the click.
const gated = defineWorkflow<SampleSubject>({
  name: 'gated', property: 'status', initial: 'draft', places: ['draft', 'in_operation'], subjectTable: SAMPLE_TABLE, subjectType: 'gated',
  transitions: {
    start: {
      from: ['draft'], to: 'in_operation', style: 'success',
      preconditions: [(s) => (s.title ? null : 'gated.refusal.title'), (s) => (s.hasStaff ? null : 'gated.refusal.staff')],
    },
  },
});

describe('blocked transitions', () => {
  it('draws a button whose preconditions fail disabled, « bloquant », with every reason beside it', async () => {
    const subject = { ...plan('draft'), title: null, hasStaff: false };
    expect(gated.transitions(subject, editor).map((tr) => tr.blockedBy)).toEqual([['gated.refusal.title', 'gated.refusal.staff']]);
    const html = await renderActions({ workflow: gated, subject, user: editor, transitionUrl, t, csrfToken: 'x' });
    const [start] = buttons(html.replace(/<i [^>]*><\/i> /g, ''));
    expect(start.attrs).toHaveProperty('disabled');
    expect(start.attrs['aria-describedby']).toBe('blockers-gated-start');
    expect(html).toMatch(/id="blockers-gated-start"[^>]*data-transitions="start"[^>]*>.*«workflow.blocking».*«gated.refusal.title» «gated.refusal.staff»/s);
    // The same rules the transition runs: apply would refuse with the first reason.
    expect(gated.can(subject, 'start', editor)).toMatchObject({ ok: false, reason: 'gated.refusal.title' });
  });

  it('one precondition met leaves only the other reason; all met, the button is enabled and nothing is listed', async () => {
    const half = await renderActions({ workflow: gated, subject: { ...plan('draft'), title: 'x', hasStaff: false }, user: editor, transitionUrl, t, csrfToken: 'x' });
    expect(half).toContain('«gated.refusal.staff»');
    expect(half).not.toContain('«gated.refusal.title»');
    const free = await renderActions({ workflow: gated, subject: { ...plan('draft'), title: 'x', hasStaff: true }, user: editor, transitionUrl, t, csrfToken: 'x' });
    expect(buttons(free)[0].attrs).not.toHaveProperty('disabled');
    expect(free).not.toContain('transition-blockers');
  });

  it('translates a reason with the parameters the subject carries for it (refusalParams), on the page and in the refusal', async () => {
    const tp = (key: string, params?: Record<string, unknown>) => (params ? `«${key}» ${JSON.stringify(params)}` : `«${key}»`);
    const subject = { ...plan('draft'), title: null, hasStaff: true, refusalParams: { 'gated.refusal.title': { machine: 'Presse (P-1)' } } };
    const html = await renderActions({ workflow: gated, subject, user: editor, transitionUrl, t: tp, csrfToken: 'x' });
    expect(html).toContain('«gated.refusal.title» {&#34;machine&#34;:&#34;Presse (P-1)&#34;}');
    const { status, body } = await buildWorkflowReply({
      workflow: gated, user: editor, transitionUrl, t: tp, csrfToken: 'x', subject, outcome: { result: false, reason: 'gated.refusal.title', status: 403 },
    });
    expect({ status, message: body.message }).toEqual({ status: 403, message: '«gated.refusal.title» {"machine":"Presse (P-1)"}' });
  });
});

describe('buildWorkflowReply', () => {
  it('says what was done on success when it knows the transition (the flash of the page)', async () => {
    const subject = plan('expired');
    const tp = (key: string, params?: Record<string, unknown>) => (params ? `«${key}» ${JSON.stringify(params)}` : `«${key}»`);
    const { body } = await buildWorkflowReply({
      workflow: sampleWorkflow, user: editor, transitionUrl, t: tp, csrfToken: 'x', subject: null, transition: 'close',
      outcome: { result: true, state: { name: 'expired', label: 'workflow.sample.places.expired' }, subject, historyId: 1 },
    });
    expect(body.message).toBe('«workflow.applied» {"transition":"«workflow.sample.transitions.close»","state":"«workflow.sample.places.expired»"}');
  });

  it('answers 200 with the translated state and the new buttons on success', async () => {
    const subject = plan('in_operation');
    const { status, body } = await buildWorkflowReply({
      workflow: sampleWorkflow, user: editor, transitionUrl, t, csrfToken: 'x', subject: null,
      outcome: { result: true, state: { name: 'in_operation', label: 'workflow.sample.places.in_operation' }, subject, historyId: 1 },
    });
    expect(status).toBe(200);
    expect(body.result).toBe(true);
    expect(body.state).toEqual({ name: 'in_operation', label: '«workflow.sample.places.in_operation»' });
    expect(body.buttons).toContain('data-transition-url="/pdp/42/transition/close"');
    expect(body.message).toBeUndefined();
  });

  it('answers a refusal with its status and translated message, keeping the current buttons', async () => {
    const { status, body } = await buildWorkflowReply({
      workflow: sampleWorkflow, user: editor, transitionUrl, t, csrfToken: 'x', subject: plan('draft'),
      outcome: { result: false, reason: 'workflow.refusal.required', status: 403, field: 'title' },
    });
    expect(status).toBe(403);
    expect(body).toMatchObject({ result: false, message: '«workflow.refusal.required»', field: 'title', state: { name: 'draft' } });
    expect(body.buttons).toContain('send_tiers');
  });

  it('translates a reason given as a key, and has no buttons when the record is not found', async () => {
    const { status, body } = await buildWorkflowReply({
      workflow: sampleWorkflow, user: editor, transitionUrl, t, csrfToken: 'x', subject: null,
      outcome: { result: false, reason: 'errors.not_found', status: 404 },
    });
    expect(status).toBe(404);
    expect(body).toEqual({ result: false, message: '«errors.not_found»' });
  });

  it('carries the signature form when the transition asks for a signature first', async () => {
    const subject = plan('waiting_tiers');
    const { status, body } = await buildWorkflowReply({
      workflow: sampleWorkflow, user: editor, transitionUrl, t, csrfToken: 'x', subject: null, signatureForm: '<form data-sign></form>',
      outcome: { result: false, reason: 'Veuillez signer pour continuer.', status: 200, signatureRequired: true, subject },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: false, signatureForm: '<form data-sign></form>', state: { name: 'waiting_tiers' } });
  });
});
