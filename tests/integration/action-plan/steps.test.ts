import { createTestApp, type TestApp } from '../../support/app';
import { efficiencyIds, forceStatus, FORM, newAction, postBlock, row, team, todayFr, version, XHR } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** The opening tag of a section of the block (`data-section="abandon"`), or null when absent. */
function sectionTag(html: string, name: string): string | null {
  return html.match(new RegExp(`<fieldset[^>]*data-section="${name}"[^>]*>`))?.[0] ?? null;
}

describe('the action block shows the fields of the current step (issue 25)', () => {
  it('before it is taken into account: no resolution, no closing fields, the abandon reason behind its button', async () => {
    const { tenantId, creator, assignee, manager } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    for (const who of [assignee, creator, manager]) {
      const html = (await who.agent.get(`/action-plan/${id}/workflow`).set(XHR)).text;
      expect(html).not.toContain(`name="${FORM}[resolutionExplanation]"`);
      expect(html).not.toContain('Explication de la résolution');
      expect(sectionTag(html, 'closing')).toBeNull();
      expect(html).not.toContain(`name="${FORM}[closeFile]"`);
    }
    // The creator may abandon: the reason and its file wait, hidden, behind « Abandonner ».
    const creatorHtml = (await creator.agent.get(`/action-plan/${id}/workflow`).set(XHR)).text;
    expect(sectionTag(creatorHtml, 'abandon')).toMatch(/data-reveal-on="abandon" hidden/);
    // The assignee may not abandon: no abandon section at all.
    expect(sectionTag((await assignee.agent.get(`/action-plan/${id}/workflow`).set(XHR)).text, 'abandon')).toBeNull();
  });

  it('taken into account: the resolution is asked (required by « Marquer comme traitée »), closing stays behind « Clôturer »', async () => {
    const { tenantId, creator, assignee } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    await forceStatus(t, id, 'IN_PROGRESS');
    const html = (await assignee.agent.get(`/action-plan/${id}/workflow`).set(XHR)).text;
    expect(html).toMatch(new RegExp(`name="${FORM.replace(/[[\]]/g, '\\$&')}\\[resolutionExplanation\\]" rows="3" maxlength="5000" data-required-when="processed"`));
    expect(sectionTag(html, 'resolution')).not.toMatch(/hidden/);
    // The assignee holds no close right here: no closing section.
    expect(sectionTag(html, 'closing')).toBeNull();
  });

  it('processed: the closer gets the closing fields open and reads the resolution written before', async () => {
    const { tenantId, creator, assignee, closer } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    await forceStatus(t, id, 'IN_PROGRESS');
    await t.db.dataSource.query('UPDATE action SET resolution_explanation = $2 WHERE id = $1', [id, 'Garde-corps remplacé, fixations contrôlées.']);
    const inProgress = (await closer.agent.get(`/action-plan/${id}/workflow`).set(XHR)).text;
    // Closing straight from IN_PROGRESS: behind its button.
    expect(sectionTag(inProgress, 'closing')).toMatch(/data-reveal-on="close" hidden/);
    await forceStatus(t, id, 'PROCESSED');
    const html = (await closer.agent.get(`/action-plan/${id}/workflow`).set(XHR)).text;
    expect(sectionTag(html, 'closing')).not.toMatch(/hidden/);
    expect(html).toContain(`name="${FORM}[efficiencySynthesis]"`);
    expect(html).toContain('data-readonly-field="resolutionExplanation"');
    expect(html).toContain('Garde-corps remplacé, fixations contrôlées.');
    expect(html).not.toContain(`name="${FORM}[resolutionExplanation]"`);
  });

  it('a refused abandon opens its section with the message and the typed values', async () => {
    const { tenantId, creator, assignee } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    const res = await postBlock(creator, id, { comments: '', abandonExplanation: 'Zone supprimée', version: await version(t, id) }, 'abandon');
    expect(res.status).toBe(200);
    expect(sectionTag(res.text, 'abandon')).not.toMatch(/hidden/);
    expect(res.text).toContain('>Zone supprimée</textarea>');
    expect((await row(t, id)).status).toBe('WAITING');
  });
});

describe('« Marquer comme traitée » needs the resolution explanation', () => {
  it('refuses without it (« Veuillez renseigner ce champ. », nothing saved), processes with it', async () => {
    const { tenantId, creator, assignee } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    await forceStatus(t, id, 'IN_PROGRESS');
    const before = await row(t, id);
    for (const blank of ['', '   ']) {
      const refused = await postBlock(assignee, id, { resolutionExplanation: blank, version: await version(t, id) }, 'processed');
      expect(refused.status).toBe(200);
      expect(refused.text).toMatch(/data-testid="error-resolutionExplanation">Veuillez renseigner ce champ\./);
      const after = await row(t, id);
      expect([after.status, after.version]).toEqual(['IN_PROGRESS', before.version]);
    }
    const done = await postBlock(assignee, id, { resolutionExplanation: 'Garde-corps remplacé par le fournisseur.', version: await version(t, id) }, 'processed');
    expect(done.text).toContain('data-testid="action-notice"');
    const r = await row(t, id);
    expect([r.status, r.resolution_explanation]).toEqual(['PROCESSED', 'Garde-corps remplacé par le fournisseur.']);
  });

  it('keeps the typed resolution when another field is refused', async () => {
    const { tenantId, creator, assignee, manager } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    await forceStatus(t, id, 'IN_PROGRESS');
    const res = await postBlock(manager, id, { comments: '', resolutionExplanation: 'Fixations contrôlées', version: await version(t, id) }, 'processed');
    expect(res.text).toContain('>Fixations contrôlées</textarea>');
    expect(res.text).toContain('data-testid="error-comments"');
    expect((await row(t, id)).status).toBe('IN_PROGRESS');
  });
});

describe('the history of the action page follows each transition', () => {
  it('answers the page block with its history, the transition just made included', async () => {
    const { tenantId, creator, assignee, closer } = await team(t);
    const [eff] = await efficiencyIds(t, tenantId);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    const page = await assignee.agent.get(`/action-plan/${id}`);
    expect(page.text).toContain('name="onPage" value="1"');
    expect(page.text.indexOf('data-testid="action-history"')).toBeGreaterThan(0);
    expect(page.text.slice(page.text.indexOf('data-testid="action-history"'))).not.toContain('Prendre en compte');

    const taken = await postBlock(assignee, id, { version: await version(t, id) }, 'take_into_account', { onPage: '1' });
    const history = taken.text.slice(taken.text.indexOf('data-testid="action-history"'));
    expect(history).toContain('Prendre en compte');
    expect(history).toContain('En cours');

    const processed = await postBlock(assignee, id, { resolutionExplanation: 'Fait', version: await version(t, id) }, 'processed', { onPage: '1' });
    expect(processed.text.slice(processed.text.indexOf('data-testid="action-history"'))).toContain('Marquer comme traitée');

    const closed = await postBlock(closer, id, { efficiencySynthesis: String(eff), closureDate: todayFr(), version: await version(t, id) }, 'close', { onPage: '1' });
    expect(closed.text.slice(closed.text.indexOf('data-testid="action-history"'))).toContain('Clôturer');
    // A block in a modal (not the page) carries no history: its link opens it.
    const modal = await postBlock(closer, id, { efficiencySynthesis: String(eff), version: await version(t, id) });
    expect(modal.text).not.toContain('data-testid="action-history"');
  });
});
