import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { trashables } from '../../kernel/trash/trash';
import { add, edit, index, remove } from './nomenclature.handlers';
import { seedNomenclatureDemo } from './nomenclature.demo';
import { valuesPerListWidget } from './nomenclature.widgets';

const R = 'admin.nomenclatures';

/** Administration lists (spec seed 002): efficiency synthesis, main source, injury types and sites, domains, PPE. */
export const nomenclatureModule = defineModule({
  name: 'nomenclature',
  routes: [
    { name: 'admin_nomenclature_index', method: 'GET', path: '/admin/nomenclatures', right: R, handler: index },
    { name: 'admin_nomenclature_add', method: ['GET', 'POST'], path: '/admin/nomenclatures/new', right: R, handler: add },
    { name: 'admin_nomenclature_edit', method: ['GET', 'POST'], path: '/admin/nomenclatures/{id}/edit', right: R, handler: edit },
    { name: 'admin_nomenclature_remove', method: 'POST', path: '/admin/nomenclatures/{id}/delete', right: R, handler: remove },
    valuesPerListWidget,
  ],
  demo: seedNomenclatureDemo,
  contributes: [contribute(trashables, { table: 'nomenclature_item', typeKey: 'nomenclature.trash_type' })],
});
