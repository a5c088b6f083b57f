import type { DataSource } from 'typeorm';

/** A control form (questionnaire `vgp_form`) with its ids, as the control tests answer it. */
export interface SeededForm {
  formId: number;
  groups: Array<{ id: number; checkpoints: Array<{ id: number; ok: number; ko: number; na: number }> }>;
}

/** What {@link seedControllable} made. */
export interface SeededControllable { equipmentId: number; controllableId: number; form: SeededForm }

/**
 * A control form of two groups (2 and 1 checkpoints), each checkpoint answered « Conforme »
 * (conforming, green), « Non conforme » (non-conforming, red, creates an action of level 3 due
 * `delay` days after the control) or « Sans objet » (no flag).
 */
export async function seedForm(ds: DataSource, tenantId: number, delay: number | null = 30): Promise<SeededForm> {
  const [f] = await ds.query(`INSERT INTO questionnaire (tenant_id, name, owner_type) VALUES ($1, 'Levage', 'vgp_form') RETURNING id`, [tenantId]);
  const groups: SeededForm['groups'] = [];
  for (const [gi, labels] of [['Structure', 'Crochet'], ['Freins']].entries()) {
    const [g] = await ds.query(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, position) VALUES ($1, $2, $3, $4) RETURNING id`,
      [tenantId, f.id, gi === 0 ? 'Structure et crochet' : 'Freinage', gi]);
    const checkpoints = [];
    for (const [qi, label] of labels.entries()) {
      const [q] = await ds.query(`INSERT INTO questionnaire_question (tenant_id, group_id, label, position, answer_type) VALUES ($1, $2, $3, $4, 'radio') RETURNING id`,
        [tenantId, g.id, `État : ${label}`, qi]);
      const answer = async (label2: string, pos: number, conforming: boolean | null, color: string | null, action: boolean) => {
        const [a] = await ds.query(
          `INSERT INTO questionnaire_answer (tenant_id, question_id, label, position, conforming, color, creates_action, level, action_delay_days)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [tenantId, q.id, label2, pos, conforming, color, action, action ? 3 : null, action ? delay : null]);
        return Number(a.id);
      };
      checkpoints.push({ id: Number(q.id), ok: await answer('Conforme', 0, true, 'green', false), ko: await answer('Non conforme', 1, false, 'red', true), na: await answer('Sans objet', 2, null, null, false) });
    }
    groups.push({ id: Number(g.id), checkpoints });
  }
  return { formId: Number(f.id), groups };
}

/** An equipment and its controllable (12 months by default) with the form above. */
export async function seedControllable(ds: DataSource, tenantId: number, opts: { delay?: number | null; frequency?: number; unit?: string; withForm?: boolean; name?: string } = {}): Promise<SeededControllable> {
  const form = await seedForm(ds, tenantId, opts.delay === undefined ? 30 : opts.delay);
  const [e] = await ds.query(`INSERT INTO equipment (tenant_id, name) VALUES ($1, $2) RETURNING id`, [tenantId, opts.name ?? 'Pont roulant 5 t']);
  const [c] = await ds.query(
    `INSERT INTO vgp_controllable (tenant_id, name, equipment_id, frequency, frequency_unit, form_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [tenantId, `VGP ${opts.name ?? 'Pont roulant 5 t'}`, e.id, opts.frequency ?? 12, opts.unit ?? 'month', opts.withForm === false ? null : form.formId]);
  return { equipmentId: Number(e.id), controllableId: Number(c.id), form };
}
