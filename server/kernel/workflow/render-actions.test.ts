import { sampleUser, sampleWorkflow, type SampleSubject } from '../../../tests/fixtures/sample-workflow';
import { renderActions } from './render-actions';
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
    expect(sign.attrs).not.toHaveProperty('data-confirm');
    expect(sign.text).toBe('«workflow.sample.transitions.sign»');
    expect(sign.attrs.class).toBe('btn btn-sm btn-success');
    expect(refuse.attrs['data-comment-required']).toBe('1');
    expect(refuse.attrs['data-comment-prompt']).toBe('«workflow.comment_prompt»');
    expect(refuse.attrs['data-confirm']).toBe('«workflow.sample.confirm.refuse»');
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

describe('buildWorkflowReply', () => {
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
