import { z } from 'zod';

const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });
const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(max, { error: 'validation.too_long' }));
// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const optionalId = z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), z.coerce.number({ error: 'validation.invalid' }).int().positive().nullable());
const optionalCount = z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), z.coerce.number({ error: 'hierarchy.validation.number' }).int({ error: 'hierarchy.validation.number' }).min(0, { error: 'hierarchy.validation.number' }).max(100_000_000, { error: 'hierarchy.validation.number' }).nullable());
const version = z.coerce.number().int().min(0).default(0);

/** The hierarchy type form (`hierarchy_type[...]`). */
export const typeSchema = z.object({
  name: required(180),
  level: z.coerce.number({ error: 'hierarchy.validation.number' }).int({ error: 'hierarchy.validation.number' }).min(1, { error: 'hierarchy.validation.number' }).max(20, { error: 'hierarchy.validation.number' }),
  parentId: optionalId,
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
  typeId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: 'validation.required' }).int().positive({ error: 'validation.required' })),
  parentId: optionalId,
  companyName: text(180),
  address: text(255),
  zipCode: text(20),
  city: text(120),
  country: text(120),
  responsibleLastName: text(100),
  responsibleFirstName: text(100),
  responsiblePhone: text(30),
  responsibleMobile: text(30),
  responsibleEmail: text(180).pipe(z.union([z.literal(''), z.email({ error: 'validation.email' })])),
  labourInspectorateAddress: text(2000),
  rescuers: text(4000),
  assemblyPoint: text(2000),
  emergencyNumbers: text(2000),
  areaM2: optionalCount,
  levelCount: optionalCount,
  parkingSpaces: optionalCount,
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
export const serviceSchema = z.object({ name: required(180), siteId: optionalId, version });
export type ServiceInput = z.infer<typeof serviceSchema>;

/** The work unit form (`work_unit[...]`). */
export const workUnitSchema = z.object({
  name: required(180),
  weight: z.coerce.number({ error: 'hierarchy.validation.number' }).int({ error: 'hierarchy.validation.number' }).min(0, { error: 'hierarchy.validation.number' }).max(1000, { error: 'hierarchy.validation.number' }),
  version,
});
export type WorkUnitInput = z.infer<typeof workUnitSchema>;

/** A one-field label form (companies, lots, sectors, document labels). */
export const labelSchema = z.object({ label: required(180) });

/** The search box of the lists. */
export const searchSchema = z.object({ q: z.string().trim().max(100).catch('') });
