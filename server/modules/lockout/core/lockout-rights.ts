/** Reading right of every consignment page (seed 002 « Consignment: access »). */
export const LOCKOUT_ACCESS = 'consignment.access';
/** Creating slips. */
export const LOCKOUT_ADD = 'consignment.add';
/** Managing machines, types, activities and every slip. */
export const LOCKOUT_MANAGE = 'consignment.manage';
/** Seeing every slip, not only those one takes part in. */
export const LOCKOUT_VIEW_ALL = 'consignment.view_all';
/** May be chosen as the slip's officer (chargé de consignation). */
export const LOCKOUT_OFFICER = 'consignment.officer';
/** May be chosen as the slip's work manager (chargé de travaux). */
export const LOCKOUT_WORK_MANAGER = 'consignment.work_manager';
