import type { DataSource } from 'typeorm';

/** A demo equipment: name, brand, model, serial and internal numbers, category, entity, service, site, location, precision. */
type DemoEquipment = [string, string | null, string | null, string | null, string, string, string, string | null, string | null, string | null, string | null];

const LYON = 'Usine de Lyon-Gerland';
const PRIEST = 'Entrepôt de Saint-Priest';
const A = 'Bâtiment A – Production';
const B = 'Bâtiment B – Maintenance';
const C = 'Bâtiment C – Bureaux';
const C1 = 'Cellule 1 – Stockage';
const C2 = 'Cellule 2 – Expédition';
const LG = 'Lyon-Gerland';
const SP = 'Saint-Priest';

/** The demo equipment (read back by name by the controls, book and tours demos). */
export const DEMO_EQUIPMENT: DemoEquipment[] = [
  ['Chariot élévateur électrique 2,5 t', 'Linde', 'E25', 'LND-E25-4471', 'CE-01', 'Chariots élévateurs', C1, 'Logistique', SP, 'Allée A', 'Zone de charge des batteries'],
  ['Chariot élévateur diesel 3,5 t', 'Toyota', '8FD35', 'TYT-8FD35-20931', 'CE-02', 'Chariots élévateurs', C2, 'Logistique', SP, 'Quai 3', null],
  ['Chariot à mât rétractable 1,6 t', 'Still', 'FM-X 16', 'STL-FMX-88213', 'CE-03', 'Chariots élévateurs', C1, 'Logistique', SP, 'Allée B', null],
  ['Chariot élévateur électrique 1,8 t', 'Jungheinrich', 'EFG 218', 'JH-EFG218-5520', 'CE-04', 'Chariots élévateurs', A, 'Production', LG, 'Hall usinage', null],
  ['Transpalette électrique à conducteur porté', 'Jungheinrich', 'ERE 225', 'JH-ERE225-1187', 'CE-05', 'Chariots élévateurs', C2, 'Logistique', SP, 'Quai 1', null],
  ['Gerbeur électrique 1,4 t', 'Linde', 'L14', 'LND-L14-3309', 'CE-06', 'Chariots élévateurs', B, 'Maintenance', LG, 'Magasin pièces détachées', null],
  ['Pont roulant bipoutre 10 t', 'Demag', 'ZKKE 10', 'DMG-ZKKE-7781', 'PR-01', 'Ponts roulants et palans', A, 'Production', LG, 'Hall usinage', 'Travée 2'],
  ['Pont roulant monopoutre 5 t', 'Verlinde', 'Eurobloc VT5', 'VRL-VT5-2210', 'PR-02', 'Ponts roulants et palans', B, 'Maintenance', LG, 'Atelier maintenance', null],
  ['Palan électrique à chaîne 1 t', 'Stahl', 'ST 10', 'STH-ST10-66102', 'PL-01', 'Ponts roulants et palans', A, 'Production', LG, 'Ligne d\'assemblage', 'Poste 4'],
  ['Palan électrique à câble 3,2 t', 'Demag', 'DR-Pro 3', 'DMG-DRP3-10442', 'PL-02', 'Ponts roulants et palans', B, 'Maintenance', LG, 'Atelier maintenance', null],
  ['Potence pivotante 500 kg', 'Verlinde', 'Potence murale', 'VRL-POT-0871', 'PL-03', 'Ponts roulants et palans', A, 'Production', LG, 'Hall usinage', 'Tour CN 3'],
  ['Nacelle ciseaux électrique 10 m', 'Haulotte', 'Compact 10', 'HLT-C10-33817', 'NA-01', 'Nacelles élévatrices (PEMP)', LYON, 'Maintenance', LG, 'Parc matériel', null],
  ['Nacelle articulée diesel 16 m', 'Genie', 'Z-45/25J', 'GEN-Z45-98120', 'NA-02', 'Nacelles élévatrices (PEMP)', LYON, 'Maintenance', LG, 'Parc matériel', null],
  ['Plateforme individuelle roulante', 'JLG', 'Ecolift 70', 'JLG-ECO70-4432', 'NA-03', 'Nacelles élévatrices (PEMP)', PRIEST, 'Logistique', SP, 'Cellule 1', null],
  ['Élingue chaîne 4 brins 8 t', 'Pewag', 'WIN 4 brins', 'PWG-W4-2024-118', 'AL-01', 'Accessoires de levage', B, 'Maintenance', LG, 'Armoire accessoires de levage', null],
  ['Élingues textiles rondes 2 t (lot de 4)', 'Dolezych', 'DoRond 2 t', 'DLZ-DR2-5561', 'AL-02', 'Accessoires de levage', B, 'Maintenance', LG, 'Armoire accessoires de levage', null],
  ['Palonnier réglable 5 t', 'Tractel', 'PAL 5000', 'TRC-PAL5-0193', 'AL-03', 'Accessoires de levage', A, 'Production', LG, 'Hall usinage', null],
  ['Manilles lyre 6,5 t (lot de 6)', 'Crosby', 'G-209', 'CRB-G209-7745', 'AL-04', 'Accessoires de levage', B, 'Maintenance', LG, 'Armoire accessoires de levage', null],
  ['Pince de levage de tôles 1 t', 'Tractel', 'Tralift PLT', 'TRC-PLT-3321', 'AL-05', 'Accessoires de levage', A, 'Production', LG, 'Zone découpe', null],
  ['TGBT Bâtiment A', 'Schneider Electric', 'Prisma P', 'SE-PRP-A-2019', 'EL-01', 'Installations électriques', A, 'Maintenance', LG, 'Local électrique', 'Rez-de-chaussée'],
  ['TGBT Bâtiment B', 'Schneider Electric', 'Prisma G', 'SE-PRG-B-2021', 'EL-02', 'Installations électriques', B, 'Maintenance', LG, 'Local électrique', null],
  ['Armoire électrique de la ligne d\'assemblage', 'Legrand', 'XL³ 800', 'LGR-XL3-8890', 'EL-03', 'Installations électriques', A, 'Production', LG, 'Ligne d\'assemblage', null],
  ['Coffret électrique extérieur 63 A', 'Hager', 'Coffret 63 A', 'HGR-C63-1102', 'EL-04', 'Installations électriques', PRIEST, 'Logistique', SP, 'Quais', null],
  ['Installation électrique de l\'entrepôt', null, null, null, 'EL-05', 'Installations électriques', PRIEST, 'Logistique', SP, null, null],
  ['Compresseur à vis 22 kW', 'Atlas Copco', 'GA 22', 'AC-GA22-99812', 'AP-01', 'Appareils à pression', B, 'Maintenance', LG, 'Local compresseur', null],
  ['Réservoir d\'air comprimé 500 L', 'Atlas Copco', 'LV 500', 'AC-LV500-4410', 'AP-02', 'Appareils à pression', B, 'Maintenance', LG, 'Local compresseur', null],
  ['Compresseur à piston mobile', 'Kaeser', 'Premium 250/10', 'KSR-P250-7723', 'AP-03', 'Appareils à pression', PRIEST, 'Logistique', SP, 'Cellule 2', null],
  ['Extincteur eau pulvérisée 6 L – Hall usinage', 'Sicli', 'EP 6', 'SCL-EP6-100234', 'EX-01', 'Extincteurs', A, null, LG, 'Hall usinage', 'Poteau C4'],
  ['Extincteur CO2 2 kg – Local électrique A', 'Sicli', 'CO2 2 kg', 'SCL-CO2-200871', 'EX-02', 'Extincteurs', A, null, LG, 'Local électrique', null],
  ['Extincteur poudre ABC 9 kg – Quai 3', 'Desautel', 'P9 ABC', 'DST-P9-556120', 'EX-03', 'Extincteurs', C2, null, SP, 'Quai 3', null],
  ['Extincteur CO2 5 kg – Atelier maintenance', 'Desautel', 'CO2 5 kg', 'DST-CO25-441902', 'EX-04', 'Extincteurs', B, null, LG, 'Atelier maintenance', null],
  ['Extincteur eau pulvérisée 9 L – Bureaux', 'Sicli', 'EP 9', 'SCL-EP9-100987', 'EX-05', 'Extincteurs', C, null, LG, 'Couloir 1er étage', null],
  ['Porte coupe-feu coulissante Cellule 1/2', 'Novoferm', 'NovoFire', 'NVF-NF-8892', 'PF-01', 'Portes coupe-feu', C1, 'Logistique', SP, 'Mur séparatif', null],
  ['Rayonnage à palettes – Allée A', 'Mecalux', 'PS simple', 'MCX-PS-A-2018', 'RY-01', 'Rayonnages', C1, 'Logistique', SP, 'Allée A', '12 travées'],
  ['Rayonnage à palettes – Allée B', 'Stow', 'Pal Racking', 'STW-PR-B-2020', 'RY-02', 'Rayonnages', C1, 'Logistique', SP, 'Allée B', '10 travées'],
  ['Rayonnage léger du magasin pièces', 'Dexion', 'Hi280', 'DXN-HI280-3354', 'RY-03', 'Rayonnages', B, 'Maintenance', LG, 'Magasin pièces détachées', null],
];

/** Equipment kept in the demo as archived (out of service). */
const ARCHIVED: DemoEquipment = ['Chariot élévateur thermique 2 t (réformé)', 'Fenwick', 'H20D', 'FNW-H20D-1999', 'CE-00', 'Chariots élévateurs', C2, 'Logistique', SP, 'Quai 2', null];

/** Demo equipment of a company in the catalogue's categories and the organisation's entities (found by name). Idempotent by name. */
export async function seedEquipmentDemo(db: DataSource, tenantId: number): Promise<void> {
  await db.transaction(async (m) => {
    for (const [index, e] of [...DEMO_EQUIPMENT, ARCHIVED].entries()) {
      const [name, brand, model, serial, internal, category, entity, service, site, location, precision] = e;
      await m.query(
        `INSERT INTO equipment (tenant_id, name, brand, model, serial_number, internal_number, category_id, hierarchy_item_id, service_id, site_id,
           location, location_precision, archived)
         SELECT $1, $2::varchar, $3::varchar, $4::varchar, $5::varchar, $6::varchar,
                (SELECT id FROM equipment_category WHERE tenant_id = $1 AND name = $7::varchar ORDER BY id LIMIT 1),
                (SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND name = $8::varchar AND deleted_at IS NULL ORDER BY id LIMIT 1),
                (SELECT id FROM service WHERE tenant_id = $1 AND name = $9::varchar AND deleted_at IS NULL ORDER BY id LIMIT 1),
                (SELECT id FROM site WHERE tenant_id = $1 AND name = $10::varchar AND deleted_at IS NULL ORDER BY id LIMIT 1),
                $11::varchar, $12::varchar, $13::boolean
          WHERE NOT EXISTS (SELECT 1 FROM equipment WHERE tenant_id = $1 AND name = $2::varchar)`,
        [tenantId, name, brand, model, serial, internal, category, entity, service, site, location, precision, index === DEMO_EQUIPMENT.length]);
    }
  });
}
