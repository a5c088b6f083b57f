import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { trashables } from '../../kernel/trash/trash';
import { HIERARCHY_TRASHABLES } from './hierarchy.service';
import * as h from './hierarchy.handlers';
import * as o from './organisation.handlers';
import * as img from './hierarchy-images.handlers';
import { parseDocuments, parseImage, parsePlan } from './hierarchy.uploads';
import { seedHierarchyDemo } from './hierarchy.demo';

const H = 'admin.hierarchy';
const S = 'admin.sites';

/** Organisation of the company (issue 3 part 6): hierarchy types and items, sites, services, work units, the hierarchy filter. */
export const hierarchyModule = defineModule({
  name: 'hierarchy',
  routes: [
    { name: 'admin_hierarchy_index', method: 'GET', path: '/admin/hierarchy', right: H, handler: h.treeIndex },
    { name: 'admin_hierarchy_type_index', method: 'GET', path: '/admin/hierarchy/types', right: H, handler: h.typeIndex },
    { name: 'admin_hierarchy_type_new', method: 'GET', path: '/admin/hierarchy/types/new', right: H, handler: h.typeNew },
    { name: 'admin_hierarchy_type_create', method: 'POST', path: '/admin/hierarchy/types/new', right: H, handler: h.typeCreate },
    { name: 'admin_hierarchy_type_edit', method: 'GET', path: '/admin/hierarchy/types/{id}/edit', right: H, handler: h.typeEdit },
    { name: 'admin_hierarchy_type_update', method: 'POST', path: '/admin/hierarchy/types/{id}/edit', right: H, handler: h.typeUpdate },
    { name: 'admin_hierarchy_type_delete', method: 'POST', path: '/admin/hierarchy/types/{id}/delete', right: H, handler: h.typeDelete },
    { name: 'admin_hierarchy_item_new', method: 'GET', path: '/admin/hierarchy/items/new', right: H, handler: h.itemNew },
    { name: 'admin_hierarchy_item_create', method: 'POST', path: '/admin/hierarchy/items/new', right: H, handler: h.itemCreate },
    { name: 'admin_hierarchy_item_show', method: 'GET', path: '/admin/hierarchy/items/{id}', right: H, handler: h.itemShow },
    { name: 'admin_hierarchy_item_edit', method: 'GET', path: '/admin/hierarchy/items/{id}/edit', right: H, handler: h.itemEdit },
    { name: 'admin_hierarchy_item_update', method: 'POST', path: '/admin/hierarchy/items/{id}/edit', right: H, handler: h.itemUpdate },
    { name: 'admin_hierarchy_item_delete', method: 'POST', path: '/admin/hierarchy/items/{id}/delete', right: H, handler: h.itemDelete },
    { name: 'admin_hierarchy_item_image_form', method: 'GET', path: '/admin/hierarchy/items/{id}/image/{kind}', right: H, handler: (req, res) => h.itemImageForm(req, res), requirements: { kind: 'logo|plan' } },
    { name: 'admin_hierarchy_item_image', method: 'POST', path: '/admin/hierarchy/items/{id}/image/{kind}', right: H, handler: h.itemImage, requirements: { kind: 'logo|plan' }, bodyParsers: [parseImage] },
    { name: 'admin_hierarchy_item_image_file', method: 'GET', path: '/admin/hierarchy/items/{id}/image/{kind}/file', right: H, handler: img.itemImageFile, requirements: { kind: 'logo|plan' } },
    { name: 'admin_hierarchy_document_new', method: 'GET', path: '/admin/hierarchy/items/{id}/documents/new', right: H, handler: (req, res) => h.documentForm(req, res) },
    { name: 'admin_hierarchy_document_create', method: 'POST', path: '/admin/hierarchy/items/{id}/documents/new', right: H, handler: h.documentCreate, bodyParsers: [parseDocuments] },
    { name: 'admin_hierarchy_document_download', method: 'GET', path: '/admin/hierarchy/documents/{id}', right: H, handler: h.documentDownload },
    { name: 'admin_hierarchy_sector_new', method: 'GET', path: '/admin/hierarchy/items/{id}/sectors/new', right: H, handler: h.itemSectorForm },
    { name: 'admin_hierarchy_sector_create', method: 'POST', path: '/admin/hierarchy/items/{id}/sectors/new', right: H, handler: h.itemSectorCreate, bodyParsers: [parsePlan] },
    { name: 'admin_hierarchy_sector_plan', method: 'GET', path: '/admin/hierarchy/sectors/{id}/plan', right: H, handler: img.sectorPlanFile('item') },
    { name: 'admin_hierarchy_label_add', method: 'POST', path: '/admin/hierarchy/items/{id}/{kind}/add', right: H, handler: h.labelAdd, requirements: { kind: 'company|lot' } },
    { name: 'admin_hierarchy_part_delete', method: 'POST', path: '/admin/hierarchy/{kind}/{id}/delete', right: H, handler: h.partDelete, requirements: { kind: 'document|company|lot|sector' } },

    { name: 'admin_site_index', method: 'GET', path: '/admin/sites', right: S, handler: o.siteIndex },
    { name: 'admin_site_new', method: 'GET', path: '/admin/sites/new', right: S, handler: o.siteNew },
    { name: 'admin_site_create', method: 'POST', path: '/admin/sites/new', right: S, handler: o.siteCreate, bodyParsers: [parsePlan] },
    { name: 'admin_site_show', method: 'GET', path: '/admin/sites/{id}', right: S, handler: o.siteShow },
    { name: 'admin_site_plan', method: 'GET', path: '/admin/sites/{id}/plan', right: S, handler: img.sitePlanFile },
    { name: 'admin_site_edit', method: 'GET', path: '/admin/sites/{id}/edit', right: S, handler: o.siteEdit },
    { name: 'admin_site_update', method: 'POST', path: '/admin/sites/{id}/edit', right: S, handler: o.siteUpdate, bodyParsers: [parsePlan] },
    { name: 'admin_site_delete', method: 'POST', path: '/admin/sites/{id}/delete', right: S, handler: o.siteDelete },
    { name: 'admin_site_sector_new', method: 'GET', path: '/admin/sites/{id}/sectors/new', right: S, handler: o.siteSectorForm },
    { name: 'admin_site_sector_create', method: 'POST', path: '/admin/sites/{id}/sectors/new', right: S, handler: o.siteSectorCreate, bodyParsers: [parsePlan] },
    { name: 'admin_site_sector_delete', method: 'POST', path: '/admin/sites/sectors/{id}/delete', right: S, handler: o.siteSectorDelete },
    { name: 'admin_site_sector_plan', method: 'GET', path: '/admin/sites/sectors/{id}/plan', right: S, handler: img.sectorPlanFile('site') },
    { name: 'admin_service_index', method: 'GET', path: '/admin/services', right: S, handler: o.serviceIndex },
    { name: 'admin_service_new', method: 'GET', path: '/admin/services/new', right: S, handler: o.serviceNew },
    { name: 'admin_service_create', method: 'POST', path: '/admin/services/new', right: S, handler: o.serviceCreate },
    { name: 'admin_service_edit', method: 'GET', path: '/admin/services/{id}/edit', right: S, handler: o.serviceEdit },
    { name: 'admin_service_update', method: 'POST', path: '/admin/services/{id}/edit', right: S, handler: o.serviceUpdate },
    { name: 'admin_service_delete', method: 'POST', path: '/admin/services/{id}/delete', right: S, handler: o.serviceDelete },
    { name: 'admin_work_unit_index', method: 'GET', path: '/admin/work-units', right: S, handler: o.workUnitIndex },
    { name: 'admin_work_unit_new', method: 'GET', path: '/admin/work-units/new', right: S, handler: o.workUnitNew },
    { name: 'admin_work_unit_create', method: 'POST', path: '/admin/work-units/new', right: S, handler: o.workUnitCreate },
    { name: 'admin_work_unit_edit', method: 'GET', path: '/admin/work-units/{id}/edit', right: S, handler: o.workUnitEdit },
    { name: 'admin_work_unit_update', method: 'POST', path: '/admin/work-units/{id}/edit', right: S, handler: o.workUnitUpdate },
    { name: 'admin_work_unit_delete', method: 'POST', path: '/admin/work-units/{id}/delete', right: S, handler: o.workUnitDelete },

    { name: 'hierarchy_filter_refresh', method: 'POST', path: '/hierarchy/filter-refresh/{rootItem}/{restricted}/{roleAttribute}', right: 'authenticated', handler: h.filterRefresh, requirements: { rootItem: '\\d+', restricted: '0|1', roleAttribute: '[^/]+' } },
  ],
  demo: seedHierarchyDemo,
  contributes: [contribute(trashables, ...HIERARCHY_TRASHABLES)],
});
