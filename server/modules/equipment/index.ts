/**
 * The equipment module's door: what other modules may use. Nothing yet; a later module (dashboards,
 * lockout machines) re-exports from here, never from a part.
 */
export { equipmentPageTabs, type EquipmentSubject } from './core/equipment-tabs';
