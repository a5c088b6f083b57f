import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One line of the European waste list (décision 2000/532/CE as amended by 2014/955/UE), shared by
 * every company: a chapter (`17`), a sub-chapter (`1701`) or a six-digit entry (`170101`).
 * `hazardous` is the list's asterisk. Loaded by a migration from `ced-codes.fr.json`; never edited in the app.
 */
@Entity('waste_code')
@Index('IDX_waste_code_parent', ['parentCode'])
export class WasteCode {
  @PrimaryColumn({ type: 'varchar', length: 6 })
  code: string;

  /** 1 chapter, 2 sub-chapter, 3 entry (only entries are chosen for a waste). */
  @Column({ type: 'smallint' })
  level: number;

  @Column({ name: 'parent_code', type: 'varchar', length: 6, nullable: true })
  parentCode: string | null;

  /** The legal French label. */
  @Column({ type: 'text' })
  label: string;

  @Column({ type: 'boolean', default: false })
  hazardous: boolean;
}
