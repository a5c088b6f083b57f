import type { DataSource } from 'typeorm';
import { todayIso } from '../../../kernel/clock';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { PageRequest } from '../../../kernel/http/pagination';
import { softDelete } from '../../../kernel/trash/trash';
import type { Removal } from '../core/du-http';
import type { Choice } from '../core/du-places.service';
import type { DuScope } from '../core/du-scope';
import { ensureArduousnessDefaults } from './arduousness.defaults';
import type { ExposureFilters, ExposureInput } from './arduousness.schema';
import { personName, personNameSql } from '../../../kernel/person-name';

/** Whether an exposure reaches its constraint's threshold (the law's « au moins »: the threshold itself counts). */
export const reachesThreshold = (duration: number, threshold: number): boolean => duration >= threshold;

/** A constraint of a criterion. */
export interface ConstraintRow { id: number; criterionId: number; label: string; unit: string; threshold: number; usage: number; version: number }
/** A criterion with its constraints. */
export interface CriterionRow { id: number; label: string; version: number; constraints: ConstraintRow[] }

/** The company's criteria and their constraints (the six C2P factors given on first read). */
export async function listCriteria(db: Db, tenantId: number): Promise<CriterionRow[]> {
  await ensureArduousnessDefaults(db, tenantId);
  const [criteria, constraints] = await Promise.all([
    db.query('SELECT id, label, version FROM du_arduousness_criterion WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id', [tenantId]),
    db.query(`SELECT k.id, k.criterion_id, k.label, k.unit, k.threshold, k.version,
                (SELECT count(*) FROM du_arduousness_exposure x WHERE x.constraint_id = k.id)::int AS usage
                FROM du_arduousness_constraint k WHERE k.tenant_id = $1 ORDER BY k.id`, [tenantId]),
  ]);
  return criteria.map((c: Record<string, any>) => ({
    id: c.id, label: c.label, version: c.version,
    constraints: constraints.filter((k: Record<string, any>) => k.criterion_id === c.id)
      .map((k: Record<string, any>) => ({ id: k.id, criterionId: k.criterion_id, label: k.label, unit: k.unit, threshold: k.threshold, usage: k.usage, version: k.version })),
  }));
}

/** The company's employees still present (and those `keep` names), « Nom Prénom » by name (HR's `employee`). */
export async function employeeChoices(db: Db, tenantId: number, keep: number[] = []): Promise<Choice[]> {
  const rows = await db.query(
    `SELECT id, first_name, last_name FROM employee
      WHERE tenant_id = $1 AND deleted_at IS NULL AND ((exit_date IS NULL OR exit_date >= $2::date) OR id = ANY($3::int[]))
      ORDER BY lower(last_name), lower(first_name), id`, [tenantId, todayIso(), keep]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, label: personName(r.first_name, r.last_name) }));
}

/** An exposure as listed and edited. */
export interface ExposureRecord {
  id: number; hierarchyItemId: number; itemName: string; workstationId: number | null; workstationName: string | null;
  criterionId: number; criterionLabel: string; constraintId: number; constraintLabel: string; unit: string; threshold: number;
  duration: number; flagged: boolean; comment: string | null; employeeIds: number[]; employees: string[]; archived: boolean; version: number;
}

const SELECT = `SELECT x.*, i.name AS item_name, w.name AS workstation_name, c.label AS criterion_label, k.label AS constraint_label, k.unit, k.threshold,
    coalesce((SELECT array_agg(e.id ORDER BY e.last_name, e.id) FROM du_arduousness_employee s JOIN employee e ON e.id = s.employee_id WHERE s.exposure_id = x.id), '{}') AS employee_ids,
    coalesce((SELECT array_agg(${personNameSql('e')} ORDER BY e.last_name, e.id) FROM du_arduousness_employee s JOIN employee e ON e.id = s.employee_id WHERE s.exposure_id = x.id), '{}') AS employee_names
  FROM du_arduousness_exposure x
  JOIN hierarchy_item i ON i.id = x.hierarchy_item_id
  LEFT JOIN du_workstation w ON w.id = x.workstation_id
  JOIN du_arduousness_criterion c ON c.id = x.criterion_id
  JOIN du_arduousness_constraint k ON k.id = x.constraint_id`;

const toRecord = (r: Record<string, any>): ExposureRecord => ({
  id: r.id, hierarchyItemId: r.hierarchy_item_id, itemName: r.item_name, workstationId: r.workstation_id, workstationName: r.workstation_name,
  criterionId: r.criterion_id, criterionLabel: r.criterion_label, constraintId: r.constraint_id, constraintLabel: r.constraint_label, unit: r.unit,
  threshold: r.threshold, duration: r.duration, flagged: reachesThreshold(r.duration, r.threshold), comment: r.comment,
  employeeIds: (r.employee_ids ?? []).map(Number), employees: (r.employee_names ?? []).map((n: string) => n.trim()), archived: r.archived, version: r.version,
});

/** One exposure of the company (not in the trash), or null. */
export async function findExposure(db: Db, tenantId: number, id: number): Promise<ExposureRecord | null> {
  const [r] = await db.query(`${SELECT} WHERE x.id = $1 AND x.tenant_id = $2 AND x.deleted_at IS NULL`, [id, tenantId]);
  return r ? toRecord(r) : null;
}

/** A page of exposures within the scope, newest first (read from `IDX_du_arduousness_exposure_list`), filtered. */
export async function listExposures(db: Db, tenantId: number, scope: DuScope, f: ExposureFilters, page: PageRequest): Promise<{ rows: ExposureRecord[]; total: CappedTotal }> {
  const params: unknown[] = [tenantId, f.archived === '1'];
  const cond = ['x.tenant_id = $1', 'x.archived = $2', 'x.deleted_at IS NULL'];
  const add = (sql: string, value: unknown) => { params.push(value); cond.push(sql.replace('?', `$${params.length}`)); };
  if (!scope.unrestricted) add('x.hierarchy_item_id = ANY(?::int[])', scope.itemIds);
  if (f.item) add('x.hierarchy_item_id = ?', f.item);
  if (f.workstation) add('x.workstation_id = ?', f.workstation);
  if (f.criterion) add('x.criterion_id = ?', f.criterion);
  if (f.flagged === '1') cond.push('x.duration >= (SELECT k.threshold FROM du_arduousness_constraint k WHERE k.id = x.constraint_id)');
  const where = cond.join(' AND ');
  const [rows, total] = await Promise.all([
    db.query(`${SELECT} WHERE ${where} ORDER BY x.id DESC LIMIT ${page.perPage} OFFSET ${page.offset}`, params),
    countUpTo(db, `FROM du_arduousness_exposure x WHERE ${where}`, params),
  ]);
  return { rows: rows.map(toRecord), total };
}

/** The field errors of the chosen ids not on offer: entity out of scope, constraint of another criterion, employee of another company ... */
export async function exposureChoiceErrors(db: Db, tenantId: number, inScope: (itemId: number) => boolean, input: ExposureInput): Promise<Record<string, string>> {
  const [r] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL) AS item,
            ($3::int IS NULL OR EXISTS (SELECT 1 FROM du_workstation WHERE id = $3 AND tenant_id = $1 AND deleted_at IS NULL
               AND (hierarchy_item_id IS NULL OR hierarchy_item_id = $2))) AS workstation,
            EXISTS (SELECT 1 FROM du_arduousness_criterion WHERE id = $4 AND tenant_id = $1 AND deleted_at IS NULL) AS criterion,
            EXISTS (SELECT 1 FROM du_arduousness_constraint WHERE id = $5 AND tenant_id = $1 AND criterion_id = $4) AS constraint_ok,
            (SELECT count(*) FROM employee WHERE id = ANY($6::int[]) AND tenant_id = $1 AND deleted_at IS NULL)::int = cardinality($6::int[]) AS employees`,
    [tenantId, input.hierarchyItemId, input.workstationId, input.criterionId, input.constraintId, input.employeeIds]);
  const errors: Record<string, string> = {};
  if (!r.item || !inScope(input.hierarchyItemId)) errors.hierarchyItemId = 'validation.choice';
  if (!r.workstation) errors.workstationId = 'validation.choice';
  if (!r.criterion) errors.criterionId = 'validation.choice';
  if (!r.constraint_ok) errors.constraintId = 'validation.choice';
  if (!r.employees) errors.employeeIds = 'validation.choice';
  return errors;
}

/** Creates (`id` null) or updates an exposure and its staff, under the optimistic lock. */
export async function saveExposure(db: DataSource, tenantId: number, id: number | null, input: ExposureInput): Promise<{ ok: true; id: number } | { ok: false }> {
  return db.transaction(async (m) => {
    const values = [input.hierarchyItemId, input.workstationId, input.criterionId, input.constraintId, input.duration, input.comment];
    let savedId: number;
    if (id === null) {
      const [r] = await m.query(
        `INSERT INTO du_arduousness_exposure (hierarchy_item_id, workstation_id, criterion_id, constraint_id, duration, comment, tenant_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, [...values, tenantId]);
      savedId = r.id;
    } else {
      const updated = rowsOf(await m.query(
        `UPDATE du_arduousness_exposure SET hierarchy_item_id = $1, workstation_id = $2, criterion_id = $3, constraint_id = $4, duration = $5, comment = $6,
           version = version + 1 WHERE id = $7 AND tenant_id = $8 AND version = $9 AND deleted_at IS NULL RETURNING id`, [...values, id, tenantId, input.version]));
      if (!updated.length) return { ok: false as const };
      savedId = id;
    }
    await m.query('DELETE FROM du_arduousness_employee WHERE exposure_id = $1', [savedId]);
    if (input.employeeIds.length) {
      await m.query('INSERT INTO du_arduousness_employee (exposure_id, employee_id, tenant_id) SELECT $1, unnest($2::int[]), $3', [savedId, input.employeeIds, tenantId]);
    }
    return { ok: true as const, id: savedId };
  });
}

/** Archives or unarchives an exposure. */
export async function setExposureArchived(db: Db, tenantId: number, id: number, archived: boolean): Promise<void> {
  await db.query('UPDATE du_arduousness_exposure SET archived = $1, version = version + 1 WHERE id = $2 AND tenant_id = $3 AND deleted_at IS NULL', [archived, id, tenantId]);
}

/** Moves an exposure to the trash. */
export async function trashExposure(db: DataSource, tenantId: number, id: number, title: string, userId: number): Promise<void> {
  await db.transaction((m) => softDelete(m, { table: 'du_arduousness_exposure', id, tenantId, title, userId }));
}

/** Creates (`id` null) or renames a criterion under the optimistic lock. */
export async function saveCriterion(db: Db, tenantId: number, id: number | null, input: { label: string; version: number }): Promise<boolean> {
  if (id === null) {
    await db.query('INSERT INTO du_arduousness_criterion (tenant_id, label) VALUES ($1, $2)', [tenantId, input.label]);
    return true;
  }
  return rowsOf(await db.query(
    'UPDATE du_arduousness_criterion SET label = $1, version = version + 1 WHERE id = $2 AND tenant_id = $3 AND version = $4 AND deleted_at IS NULL RETURNING id',
    [input.label, id, tenantId, input.version])).length > 0;
}

/** Creates a constraint of `criterionId` (`id` null) or updates one under the optimistic lock. */
export async function saveConstraint(db: Db, tenantId: number, criterionId: number, id: number | null, input: { label: string; unit: string; threshold: number; version: number }): Promise<boolean> {
  if (id === null) {
    await db.query('INSERT INTO du_arduousness_constraint (tenant_id, criterion_id, label, unit, threshold) VALUES ($1, $2, $3, $4, $5)',
      [tenantId, criterionId, input.label, input.unit, input.threshold]);
    return true;
  }
  return rowsOf(await db.query(
    'UPDATE du_arduousness_constraint SET label = $1, unit = $2, threshold = $3, version = version + 1 WHERE id = $4 AND tenant_id = $5 AND version = $6 RETURNING id',
    [input.label, input.unit, input.threshold, id, tenantId, input.version])).length > 0;
}

/** Deletes a constraint, unless an exposure (trashed ones included) uses it: « Suppression impossible ». */
export async function removeConstraint(db: DataSource, tenantId: number, id: number): Promise<Removal> {
  return db.transaction(async (m) => {
    const [r] = await m.query(
      `SELECT k.label, (SELECT count(*) FROM du_arduousness_exposure x WHERE x.constraint_id = k.id)::int AS usage
         FROM du_arduousness_constraint k WHERE k.id = $1 AND k.tenant_id = $2 FOR UPDATE`, [id, tenantId]);
    if (!r) return 'not_found' as const;
    if (r.usage > 0) return { inUse: { label: r.label as string, count: r.usage as number } };
    await m.query('DELETE FROM du_arduousness_constraint WHERE id = $1', [id]);
    return { removed: true as const };
  });
}
