import { parseForm } from '../../kernel/http/forms';
import { addressSchema, contactSchema, tiersSchema, vatRateSchema } from './crm.schema';
import { foldedLike } from './crm-lookup.service';

const tiers = (values: Record<string, unknown>) => parseForm(tiersSchema, { crm_company: { name: 'Elec', state: 'customer', ...values } }, 'crm_company');

describe('company form', () => {
  it('normalises SIRET, VAT number, APE code and French amounts', () => {
    const r = tiers({ siret: '412 359 876 00027', intraVatNumber: 'fr 34 412359876', apeCode: '43.21a', capital: '1 500 000,5', averageTurnover: '', creationYear: ' 1998 ', staffCount: '85' });
    expect(r.ok && r.data).toMatchObject({ siret: '41235987600027', intraVatNumber: 'FR34412359876', apeCode: '43.21A', capital: '1500000.5', averageTurnover: null, creationYear: 1998, staffCount: 85 });
  });

  it('refuses a SIRET that is not 14 digits, a bad year, a negative staff count, an unknown state', () => {
    const r = tiers({ siret: '4123598760002A', creationYear: '1700', staffCount: '-3', state: 'friend', website: 'pas un site' });
    expect(r).toMatchObject({
      ok: false,
      errors: { siret: 'crm.validation.siret', creationYear: 'crm.validation.year', staffCount: 'crm.validation.staff_count', state: 'validation.choice', website: 'crm.validation.website' },
      values: { siret: '4123598760002A' },
    });
  });

  it('reads the checkbox after its hidden twin and ids lists', () => {
    const r = tiers({ isProvider: ['0', '1'], activityIds: ['3', '5'], domainIds: '' });
    expect(r.ok && r.data).toMatchObject({ isProvider: true, activityIds: [3, 5], domainIds: [] });
  });
});

describe('other forms', () => {
  it('checks an address, a contact and a VAT rate', () => {
    expect(parseForm(addressSchema, { a: { address: ' ' } }, 'a').ok).toBe(false);
    const c = parseForm(contactSchema, { c: { lastName: 'Roux', firstName: 'Julien', birthDate: '29/02/2023', email: 'x@' } }, 'c');
    expect(!c.ok && c.errors).toEqual({ birthDate: 'crm.validation.date', email: 'validation.email' });
    const v = parseForm(vatRateSchema, { v: { label: 'TVA 5,5 %', rate: '5,5 %' } }, 'v');
    expect(v.ok && v.data.rate).toBe('5.5');
    expect(parseForm(vatRateSchema, { v: { label: 'X', rate: '100,01' } }, 'v').ok).toBe(false);
  });

  it('folds accents and case of a search term, escaping LIKE wildcards', () => {
    expect(foldedLike(' Vénissieux ')).toBe('%venissieux%');
    expect(foldedLike('100%_É')).toBe('%100\\%\\_e%');
  });
});
