/** The route names of one reference list, given once: declared by `security-protocol.routes.ts`, read by its handlers and views. */
export interface ProtocolListRouteNames {
  index: string;
  add: string;
  edit: string;
  remove: string;
}

/** The names of the list `key`'s routes (`pds_<key>_index`, `_add`, `_edit`, `_remove`). */
export function protocolListRouteNames(key: string): ProtocolListRouteNames {
  return { index: `pds_${key}_index`, add: `pds_${key}_add`, edit: `pds_${key}_edit`, remove: `pds_${key}_remove` };
}

/** The three reference lists of protocols: their tables, the URL part (`slug`) and their route names. */
export const PROTOCOL_LISTS = {
  handling_equipment: {
    table: 'handling_equipment', link: 'security_protocol_handling_equipment', linkColumn: 'equipment_id', image: true,
    slug: 'handling-equipment', routes: protocolListRouteNames('handling_equipment'),
  },
  transport_vehicle: {
    table: 'transport_vehicle', link: 'security_protocol_vehicle', linkColumn: 'vehicle_id', image: false,
    slug: 'vehicles', routes: protocolListRouteNames('transport_vehicle'),
  },
  packaging: {
    table: 'packaging', link: 'security_protocol_packaging', linkColumn: 'packaging_id', image: false,
    slug: 'packagings', routes: protocolListRouteNames('packaging'),
  },
} as const;
/** A reference list. */
export type ProtocolListKey = keyof typeof PROTOCOL_LISTS;

/** The lists in the order of the protocols page's « Listes » menu, with their index route. */
export const PROTOCOL_LIST_MENU = (Object.keys(PROTOCOL_LISTS) as ProtocolListKey[]).map((key) => ({ key, index: PROTOCOL_LISTS[key].routes.index }));
