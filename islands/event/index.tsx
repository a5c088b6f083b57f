import { syncVehicleFields } from './vehicle-fields';

/** The event form's safety-visit block: the visit type toggles the vehicle fields. */
export function mount(el: HTMLElement): () => void {
  const onChange = (event: Event) => {
    if ((event.target as Element | null)?.matches?.('[data-visit-type]')) syncVehicleFields(el);
  };
  el.addEventListener('change', onChange);
  syncVehicleFields(el);
  return () => el.removeEventListener('change', onChange);
}
