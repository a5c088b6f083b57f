import type { TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { actor, insertPlan, newCompany, XHR, type Actor } from '../prevention-plan/plan-helpers';

export { XHR };

/** `DD/MM/YYYY` of a UTC instant in Paris. */
export function parisDay(d: Date): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

/** A company with a plan in operation (today - 1 to today + 30) whose ordering customer is `customer`, and a fire_permit survey. */
export interface PermitScene {
  company: string;
  customer: Actor;
  planId: number;
  sectorId: number;
  survey: { id: number; questionId: number; yes: number; no: number };
}

/** Inserts a survey of `surveyType` with one required yes/no question. */
export async function insertSurvey(t: TestApp, tenantId: number, surveyType: string, name = 'Contrôle point chaud') {
  const q = async (sql: string, params: unknown[]) => (await t.db.dataSource.query(sql, params))[0].id as number;
  const id = await q(`INSERT INTO questionnaire (tenant_id, name, owner_type, survey_type) VALUES ($1, $2, 'survey', $3) RETURNING id`, [tenantId, name, surveyType]);
  const group = await q('INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, width, position) VALUES ($1, $2, $3, 12, 1) RETURNING id', [tenantId, id, 'Zone de travail']);
  const questionId = await q(`INSERT INTO questionnaire_question (tenant_id, group_id, label, position, answer_type, required, display_label, width)
    VALUES ($1, $2, 'Extincteur à proximité', 1, 'radio', true, true, 12) RETURNING id`, [tenantId, group]);
  const yes = await q(`INSERT INTO questionnaire_answer (tenant_id, question_id, label, conforming, color, points, creates_action, position) VALUES ($1, $2, 'Oui', true, 'green', 1, false, 1) RETURNING id`, [tenantId, questionId]);
  const no = await q(`INSERT INTO questionnaire_answer (tenant_id, question_id, label, conforming, color, points, creates_action, position) VALUES ($1, $2, 'Non', false, 'red', 0, false, 2) RETURNING id`, [tenantId, questionId]);
  return { id, questionId, yes, no };
}

/** A fresh company, its plan in operation, a sector of the plan's site and a fire_permit survey. */
export async function permitScene(t: TestApp, rights: string[] = ['pdp.view']): Promise<PermitScene> {
  const company = newCompany();
  const customer = await actor(t, company, rights, 'Odile');
  const ds = t.db.dataSource;
  const [type] = await ds.query("INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id", [customer.tenantId]);
  const [site] = await ds.query("INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Lyon', $2) RETURNING id", [customer.tenantId, type.id]);
  const [sector] = await ds.query("INSERT INTO sector (tenant_id, item_id, name) VALUES ($1, $2, 'Atelier soudure') RETURNING id", [customer.tenantId, site.id]);
  const planId = await insertPlan(t, customer.tenantId, customer.id, {
    ordering_customer_id: customer.id, status: 'in_operation', start_date: -1, end_date: 30, hierarchy_item_id: site.id, subject: 'Soudure de la tuyauterie vapeur',
  });
  const survey = await insertSurvey(t, customer.tenantId, 'fire_permit');
  return { company, customer, planId, sectorId: sector.id, survey };
}

/** The permit form's fields (`permit[...]`) for a permit from now + 1 h to now + 5 h. */
export function permitFields(s: { sectorId?: number }, extra: Record<string, unknown> = {}, now = new Date()): Record<string, unknown> {
  const start = new Date(now.getTime() + 3_600_000);
  const end = new Date(now.getTime() + 5 * 3_600_000);
  const hm = (d: Date) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  return {
    description: 'Soudure à l\'arc sur la ligne vapeur', startDate: parisDay(start), startTime: hm(start), endDate: parisDay(end), endTime: hm(end),
    sectorId: s.sectorId ? String(s.sectorId) : '', supervisorNames: 'Paul Martin', workerNames: 'Luc Durand\nAnne Petit', ...extra,
  };
}

/** Posts a `permit[...]` form as the browser's fetch does. */
export function postPermit(a: Actor, url: string, fields: Record<string, unknown>) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`permit[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Creates a permit through its add route; returns its id. */
export async function addPermit(a: Actor, url: string, fields: Record<string, unknown>): Promise<number> {
  const res = await postPermit(a, url, fields);
  if (res.status !== 201) throw new Error(`Permis non créé (${res.status}) : ${res.text.slice(0, 800)}`);
  return Number(/\/(\d+)$/.exec(res.body.redirect)![1]);
}

/** Posts a control step with its checklist answer (when given), a comment and a drawn signature. */
export function postStep(a: Actor, url: string, opts: { questionId?: number; answer?: number; name?: string; ink?: boolean } = {}) {
  const body: Record<string, unknown> = {
    _csrf_token: a.csrf, 'step[comment]': 'RAS', 'step[quality]': 'Chef d\'équipe',
    'signature[name]': opts.name ?? 'Odile Test', 'signature[image]': drawing(opts.ink ?? true),
  };
  if (opts.questionId && opts.answer) body[`questionnaire[q${opts.questionId}]`] = String(opts.answer);
  return a.agent.post(url).set(XHR).type('form').send(body);
}
