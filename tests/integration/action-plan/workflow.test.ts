import { actionWorkflow } from '../../../server/modules/action-plan/action-plan.workflow';
import { createTestApp, type TestApp } from '../../support/app';
import { efficiencyIds, forceStatus, member, newAction, postBlock, RIGHTS, row, team, todayFr, version, XHR, type Member } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const STATES = ['DRAFT', 'WAITING', 'REASSIGNED', 'IN_PROGRESS', 'PROCESSED', 'CLOSED', 'ABANDONED'];

/** The source -> target pairs as designed (docs/action-plan.md). */
const PAIRS: Record<string, { from: string[]; to: string }> = {
  take_into_account: { from: ['WAITING', 'REASSIGNED'], to: 'IN_PROGRESS' },
  waiting: { from: ['DRAFT', 'PROCESSED'], to: 'WAITING' },
  reassign: { from: ['WAITING', 'REASSIGNED', 'IN_PROGRESS'], to: 'REASSIGNED' },
  processed: { from: ['IN_PROGRESS'], to: 'PROCESSED' },
  close: { from: ['IN_PROGRESS', 'PROCESSED'], to: 'CLOSED' },
  abandon: { from: ['DRAFT', 'WAITING', 'REASSIGNED', 'IN_PROGRESS', 'PROCESSED'], to: 'ABANDONED' },
};

describe('action workflow: every pair', () => {
  it('is the definition the engine enforces', () => {
    expect(Object.fromEntries(actionWorkflow.transitionNames.map((n) => [n, { from: actionWorkflow.describe(n).from, to: actionWorkflow.describe(n).to }]))).toEqual(PAIRS);
    expect(actionWorkflow.definition.places).toEqual(STATES);
  });

  it('applies each transition from each allowed state and refuses it from every other state', async () => {
    const crew = await team(t);
    const [eff] = await efficiencyIds(t, crew.tenantId);
    const fieldsFor = (tr: string): Record<string, string> => ({
      reassign: { assignee: String(crew.other.id) },
      close: { efficiencySynthesis: String(eff), closureDate: todayFr() },
      abandon: { abandonExplanation: 'Poste supprimé lors de la réorganisation' },
      processed: { resolutionExplanation: 'Garde-corps remplacé' },
    }[tr] ?? {});
    const results: string[] = [];
    for (const [tr, pair] of Object.entries(PAIRS)) {
      for (const state of STATES) {
        const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
        await forceStatus(t, id, state);
        const shown = (await crew.manager.agent.get(`/action-plan/${id}/workflow`).set(XHR)).text.includes(`data-testid="transition-${tr}"`);
        const res = await postBlock(crew.manager, id, { ...fieldsFor(tr), version: await version(t, id) }, tr);
        const after = await row(t, id);
        const [hist] = await t.db.dataSource.query(`SELECT from_state, to_state, user_id FROM history_entry WHERE subject_type = 'action' AND subject_id = $1 AND transition = $2`, [id, tr]);
        const allowed = pair.from.includes(state);
        const ok = allowed
          ? res.status === 200 && after.status === pair.to && hist?.from_state === state && hist?.to_state === pair.to && hist?.user_id === crew.manager.id && shown
          : res.status === 409 && after.status === state && !hist && !shown && res.body.message === "Cette action n'est plus possible, l'état a changé entre-temps. Rechargez la page.";
        if (!ok) results.push(`${tr} from ${state}: status ${res.status}, now ${after.status}, button ${shown}`);
      }
    }
    expect(results).toEqual([]);
  }, 60_000);

  it('needs an assignee to send a draft and a new assignee to reassign', async () => {
    const crew = await team(t);
    const draft = await newAction(t, crew.tenantId, crew.creator.id, {});
    const noAssignee = await postBlock(crew.creator, draft, { comments: 'Baliser la zone', version: await version(t, draft) }, 'waiting');
    expect(noAssignee.text).toMatch(/data-testid="error-assignee">Veuillez renseigner ce champ\./);
    expect((await row(t, draft)).status).toBe('DRAFT');
    const sent = await postBlock(crew.creator, draft, { comments: 'Baliser la zone', assignee: String(crew.assignee.id), version: await version(t, draft) }, 'waiting');
    expect(sent.status).toBe(200);
    expect(await row(t, draft)).toMatchObject({ status: 'WAITING', assignee_id: crew.assignee.id });

    const same = await postBlock(crew.manager, draft, { assignee: String(crew.assignee.id), version: await version(t, draft) }, 'reassign');
    expect(same.text).toContain('Choisissez un autre responsable pour réaffecter l&#39;action.');
    // Changing the assignee of a sent action goes through "Réaffecter" only.
    const silent = await postBlock(crew.manager, draft, { assignee: String(crew.other.id), version: await version(t, draft) });
    expect(silent.text).toContain('Pour changer de responsable, utilisez le bouton « Réaffecter ».');
    expect((await row(t, draft)).assignee_id).toBe(crew.assignee.id);
    const moved = await postBlock(crew.manager, draft, { assignee: String(crew.other.id), version: await version(t, draft) }, 'reassign');
    expect(moved.status).toBe(200);
    expect(await row(t, draft)).toMatchObject({ status: 'REASSIGNED', assignee_id: crew.other.id });
    // The new assignee takes it into account.
    const taken = await postBlock(crew.other, draft, { version: await version(t, draft) }, 'take_into_account');
    expect(taken.status).toBe(200);
    expect((await row(t, draft)).status).toBe('IN_PROGRESS');
  });

  it('lets an assignee holding action.reassign hand the action over', async () => {
    const company = (await team(t)).company;
    const creator = await member(t, company, RIGHTS.creator);
    const holder = await member(t, company, [...RIGHTS.assignee, 'action.reassign']);
    const next: Member = await member(t, company, RIGHTS.assignee);
    const id = await newAction(t, creator.tenantId, creator.id, { assigneeId: holder.id });
    const res = await postBlock(holder, id, { assignee: String(next.id), version: await version(t, id) }, 'reassign');
    // Handed over: the former assignee is told and no longer sees it.
    expect(res.status).toBe(200);
    expect(res.text).toContain(`L&#39;action n°${id} a été réaffectée : vous n&#39;y avez plus accès.`);
    expect((await holder.agent.get(`/action-plan/${id}`)).status).toBe(404);
    expect(await row(t, id)).toMatchObject({ status: 'REASSIGNED', assignee_id: next.id });
  });

  it('answers 404 for an unknown transition name and changes nothing', async () => {
    const crew = await team(t);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    const res = await postBlock(crew.manager, id, { version: await version(t, id) }, 'teleport');
    expect(res.status).toBe(404);
    expect((await row(t, id)).status).toBe('WAITING');
  });
});
