/**
 * Vehicle fields of a safety visit (seed 000 "V2 safety event"): shown only when the visit
 * type is VEHICLE, and the registration is required only then.
 */
export function syncVehicleFields(root: ParentNode): void {
  const select = root.querySelector<HTMLSelectElement>('[data-visit-type]');
  const fields = root.querySelector<HTMLElement>('[data-vehicle-fields]');
  const registration = root.querySelector<HTMLInputElement>('[data-vehicle-registration]');
  if (!select || !fields) return;
  const vehicle = select.value === 'VEHICLE';
  fields.hidden = !vehicle;
  if (registration) {
    registration.required = vehicle;
    if (!vehicle) registration.setCustomValidity('');
  }
}
