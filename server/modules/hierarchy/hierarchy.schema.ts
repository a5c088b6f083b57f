import { z } from 'zod';
import { checkbox, email, integer, optionalId, optionalInteger, queryText, requiredId, requiredText, text, version } from '../../kernel/http/fields';

const required = requiredText;
const number = { error: 'hierarchy.validation.number' };

/** The hierarchy type form (`hierarchy_type[...]`). */
export const typeSchema = z.object({
  name: required(180),
  level: integer(1, 20, { ...number, required: number.error }),
  parentId: optionalId(),
  attachPdp: checkbox,
  attachAction: checkbox,
  attachRh: checkbox,
  attachProject: checkbox,
  attachConsignment: checkbox,
  version,
});
export type TypeInput = z.infer<typeof typeSchema>;

/** The hierarchy item form (`hierarchy_item[...]`); logo, plan, documents and sectors have their own forms. */
export const itemSchema = z.object({
  name: required(180),
  typeId: requiredId({ error: 'validation.required' }),
  parentId: optionalId(),
  companyName: text(180),
  address: text(255),
  zipCode: text(20),
  city: text(120),
  country: text(120),
  responsibleLastName: text(100),
  responsibleFirstName: text(100),
  responsiblePhone: text(30),
  responsibleMobile: text(30),
  responsibleEmail: email(180),
  labourInspectorateAddress: text(2000),
  rescuers: text(4000),
  assemblyPoint: text(2000),
  emergencyNumbers: text(2000),
  areaM2: optionalInteger(0, 100_000_000, number),
  levelCount: optionalInteger(0, 100_000_000, number),
  parkingSpaces: optionalInteger(0, 100_000_000, number),
  version,
});
export type ItemInput = z.infer<typeof itemSchema>;

/** The site form (`site[...]`); the plan is the optional `plan` file of the same multipart form. */
export const siteSchema = z.object({
  name: required(180),
  company: text(180),
  address: text(2000),
  responsibleContact: text(255),
  labourInspectionAddress: text(2000),
  documentTypes: text(4000),
  version,
});
export type SiteInput = z.infer<typeof siteSchema>;

/** The service form (`service[...]`). */
export const serviceSchema = z.object({ name: required(180), siteId: optionalId(), version });
export type ServiceInput = z.infer<typeof serviceSchema>;

/** The work unit form (`work_unit[...]`). */
export const workUnitSchema = z.object({
  name: required(180),
  weight: integer(0, 1000, { ...number, fallback: 0 }),
  version,
});
export type WorkUnitInput = z.infer<typeof workUnitSchema>;

/** A one-field label form (companies, lots, sectors, document labels). */
export const labelSchema = z.object({ label: required(180) });

/** The search box of the lists. */
export const searchSchema = z.object({ q: queryText(100) });
