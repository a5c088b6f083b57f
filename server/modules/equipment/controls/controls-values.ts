import { isoToFrenchDate } from './controls-dates';
import type { ControllableRecord } from './controls.service';

/** The form's values (as typed) of a saved controllable. */
export function recordValues(r: ControllableRecord): Record<string, unknown> {
  const s = (v: string | number | null) => (v === null ? '' : String(v));
  const d = isoToFrenchDate;
  return {
    name: r.name, equipment: s(r.equipmentId), category: s(r.categoryId), family: s(r.familyId), type: s(r.typeId), preset: s(r.preset), presetApplied: s(r.preset),
    frequency: s(r.frequency), frequencyUnit: r.frequencyUnit, operator: s(r.operatorId), deadline: d(r.deadline), plannedDate: d(r.plannedDate),
    lastControlDate: d(r.lastControlDate), comment: s(r.comment), clientName: s(r.clientName), clientContact: s(r.clientContact), clientPhone: s(r.clientPhone),
    contractStart: d(r.contractStart), contractEnd: d(r.contractEnd), hoursPerMonth: decimalText(r.hoursPerMonth),
    ownedByClient: r.ownedByClient === null ? '' : r.ownedByClient ? '1' : '0', owner: s(r.owner), matriculation: s(r.matriculation), parkNumber: s(r.parkNumber),
    latitude: decimalText(r.latitude), longitude: decimalText(r.longitude), modusOperandi: s(r.modusOperandi), startupDate: d(r.startupDate), form: s(r.formId),
    version: r.version,
  };
}

/** A numeric column as a French typist would write it (`12,5`), trailing zeros dropped. */
export function decimalText(v: string | null): string {
  if (v === null) return '';
  return String(Number(v)).replace('.', ',');
}
