/** How a PPSPS field is stored and typed. */
export type FieldKind = 'text' | 'date' | 'time' | 'id' | 'int' | 'bool';

/**
 * The editable fields of a PPSPS (property, column, kind), in form order. The service, the form
 * values and the show page all read this one list.
 */
export const PPSPS_FIELDS: ReadonlyArray<readonly [string, string, FieldKind]> = [
  ['number', 'number', 'text'],
  ['hierarchyItemId', 'hierarchy_item_id', 'id'],
  ['entityId', 'entity_id', 'id'],
  ['correspondentId', 'correspondent_id', 'id'],
  ['tiersId', 'tiers_id', 'id'],
  ['startDate', 'start_date', 'date'],
  ['endDate', 'end_date', 'date'],
  ['startTime', 'start_time', 'time'],
  ['endTime', 'end_time', 'time'],
  ['address', 'address', 'text'],
  ['natureOfOperations', 'nature_of_operations', 'text'],
  ['accessInstructions', 'access_instructions', 'text'],
  ['averageStaff', 'average_staff', 'int'],
  ['peakStaff', 'peak_staff', 'int'],
  ['vehicles', 'vehicles', 'text'],
  ['contractSignedDate', 'contract_signed_date', 'date'],
  ['secondOeuvreWithoutRisks', 'second_oeuvre_without_risks', 'bool'],
  ['description', 'description', 'text'],
  ['designation', 'designation', 'text'],
  ['labourInspectionId', 'labour_inspection_id', 'id'],
  ['occupationalMedicineId', 'occupational_medicine_id', 'id'],
  ['firstAid', 'first_aid', 'text'],
  ['welfareFacilities', 'welfare_facilities', 'text'],
  ['assemblyPoints', 'assembly_points', 'text'],
  ['emergencyNumbers', 'emergency_numbers', 'text'],
  ['jointInspectionDate', 'joint_inspection_date', 'date'],
  ['jointInspectionTime', 'joint_inspection_time', 'time'],
  ['jointInspectionPlace', 'joint_inspection_place', 'text'],
  ['openingNoticeDate', 'opening_notice_date', 'date'],
  ['openingNoticePermitNumber', 'opening_notice_permit_number', 'text'],
  ['openingNoticeRecipients', 'opening_notice_recipients', 'text'],
];

/** SQL select list of the fields (alias `p`): dates as `YYYY-MM-DD`, times as `HH:MM`, named by property. */
export function fieldSelectSql(alias = 'p'): string {
  return PPSPS_FIELDS.map(([prop, col, kind]) => {
    const expr = kind === 'date' ? `to_char(${alias}.${col}, 'YYYY-MM-DD')` : kind === 'time' ? `to_char(${alias}.${col}, 'HH24:MI')` : `${alias}.${col}`;
    return `${expr} AS "${prop}"`;
  }).join(', ');
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY` ('' for none). */
export const frenchOf = (iso: string | null | undefined): string => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** A stored value as the form shows it (dates DD/MM/YYYY, booleans '1'/'0', null ''). */
export function formValueOf(kind: FieldKind, v: unknown): unknown {
  if (kind === 'date') return frenchOf(v as string | null);
  if (kind === 'bool') return v ? '1' : '0';
  return v ?? '';
}
