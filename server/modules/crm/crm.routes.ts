import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { trashables } from '../../kernel/trash/trash';
import type { RouteDef } from '../../kernel/http/route-table';
import * as tiers from './tiers.handlers';
import * as contacts from './contact.handlers';
import { activityHandlers, functionHandlers, vatRateHandlers } from './crm-admin.handlers';
import { seedCrmDemo } from './crm.demo';
import { parseLogo } from './crm.uploads';

const VIEW = 'companies.view';
const MANAGE = 'companies.manage_all';
const T = 'module_crm';
const GP = ['GET', 'POST'] as const;

const crmRoutes: RouteDef[] = [
  { name: 'crm_company_index', method: 'GET', path: '/crm/companies', right: VIEW, toggle: T, handler: tiers.index },
  { name: 'crm_company_autocomplete', method: 'GET', path: '/crm/companies/autocomplete', right: VIEW, toggle: T, handler: tiers.autocomplete },
  { name: 'crm_company_add', method: [...GP], path: '/crm/companies/new', right: VIEW, toggle: T, handler: tiers.add },
  { name: 'crm_company_show', method: 'GET', path: '/crm/companies/{id}', right: VIEW, toggle: T, handler: tiers.show },
  { name: 'crm_company_edit', method: [...GP], path: '/crm/companies/{id}/edit', right: VIEW, toggle: T, handler: tiers.edit },
  { name: 'crm_company_remove', method: 'POST', path: '/crm/companies/{id}/delete', right: VIEW, toggle: T, handler: tiers.remove },
  { name: 'crm_company_logo', method: [...GP], path: '/crm/companies/{id}/logo', right: VIEW, toggle: T, handler: tiers.logo, bodyParsers: [parseLogo] },
  { name: 'crm_company_logo_image', method: 'GET', path: '/crm/companies/{id}/logo/image', right: VIEW, toggle: T, handler: tiers.logoImage },
  { name: 'crm_address_add', method: [...GP], path: '/crm/companies/{id}/addresses/new', right: VIEW, toggle: T, handler: tiers.addressAdd },
  { name: 'crm_address_edit', method: [...GP], path: '/crm/addresses/{id}/edit', right: VIEW, toggle: T, handler: tiers.addressEdit },
  { name: 'crm_address_remove', method: 'POST', path: '/crm/addresses/{id}/delete', right: VIEW, toggle: T, handler: tiers.addressRemove },

  { name: 'crm_contact_index', method: 'GET', path: '/crm/contacts', right: VIEW, toggle: T, handler: contacts.index },
  { name: 'crm_contact_add', method: [...GP], path: '/crm/contacts/new', right: VIEW, toggle: T, handler: contacts.add },
  { name: 'crm_contact_show', method: 'GET', path: '/crm/contacts/{id}', right: VIEW, toggle: T, handler: contacts.show },
  { name: 'crm_contact_edit', method: [...GP], path: '/crm/contacts/{id}/edit', right: VIEW, toggle: T, handler: contacts.edit },

  { name: 'crm_contact_link_add', method: [...GP], path: '/crm/contacts/{id}/companies/new', right: VIEW, toggle: T, handler: contacts.linkAdd },
  { name: 'crm_contact_link_remove', method: 'POST', path: '/crm/contacts/{id}/companies/{tiers}/delete', right: VIEW, toggle: T, requirements: { tiers: '\\d+' }, handler: contacts.linkRemove },
  { name: 'crm_contact_remove', method: 'POST', path: '/crm/contacts/{id}/delete', right: VIEW, toggle: T, handler: contacts.remove },

  { name: 'crm_function_index', method: 'GET', path: '/crm/functions', right: VIEW, toggle: T, handler: functionHandlers.index },
  { name: 'crm_function_add', method: [...GP], path: '/crm/functions/new', right: MANAGE, toggle: T, handler: functionHandlers.add },
  { name: 'crm_function_edit', method: [...GP], path: '/crm/functions/{id}/edit', right: MANAGE, toggle: T, handler: functionHandlers.edit },
  { name: 'crm_function_remove', method: 'POST', path: '/crm/functions/{id}/delete', right: MANAGE, toggle: T, handler: functionHandlers.remove },
  { name: 'crm_activity_index', method: 'GET', path: '/crm/activities', right: VIEW, toggle: T, handler: activityHandlers.index },
  { name: 'crm_activity_add', method: [...GP], path: '/crm/activities/new', right: MANAGE, toggle: T, handler: activityHandlers.add },
  { name: 'crm_activity_edit', method: [...GP], path: '/crm/activities/{id}/edit', right: MANAGE, toggle: T, handler: activityHandlers.edit },
  { name: 'crm_activity_remove', method: 'POST', path: '/crm/activities/{id}/delete', right: MANAGE, toggle: T, handler: activityHandlers.remove },

  { name: 'admin_vat_rate_index', method: 'GET', path: '/admin/vat-rates', right: 'admin.nomenclatures', handler: vatRateHandlers.index },
  { name: 'admin_vat_rate_add', method: [...GP], path: '/admin/vat-rates/new', right: 'admin.nomenclatures', handler: vatRateHandlers.add },
  { name: 'admin_vat_rate_edit', method: [...GP], path: '/admin/vat-rates/{id}/edit', right: 'admin.nomenclatures', handler: vatRateHandlers.edit },
  { name: 'admin_vat_rate_remove', method: 'POST', path: '/admin/vat-rates/{id}/delete', right: 'admin.nomenclatures', handler: vatRateHandlers.remove },
];

/** Module `crm` (issue 5, item 1): outside companies (tiers), addresses, contacts, functions, activities; VAT rates. */
export const crmModule = defineModule({
  name: 'crm',
  routes: crmRoutes,
  demo: seedCrmDemo,
  contributes: [
    contribute(
      trashables,
      { table: 'tiers', typeKey: 'crm.trash.tiers' },
      { table: 'contact', typeKey: 'crm.trash.contact' },
    ),
  ],
});
