import { z } from 'zod';
import { isDraftSubmit, parseForm } from './forms';

const schema = z.object({
  lastName: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.too_long' }),
  email: z.string().trim().pipe(z.email({ error: 'validation.email' })),
});

describe('parseForm', () => {
  it('returns the French keys per field and keeps what was typed', () => {
    const r = parseForm(schema, { profile: { lastName: '  ', email: 'pas-un-email' } }, 'profile');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual({ lastName: 'validation.required', email: 'validation.email' });
    expect(!r.ok && r.values).toEqual({ lastName: '  ', email: 'pas-un-email' });
  });
  it("keeps a module's own key, whose domain has a hyphen, and hides zod's English sentences", () => {
    const own = z.object({ label: z.string().min(1, { error: 'risk-analysis.validation.label' }), rate: z.number() });
    const r = parseForm(own, { f: { label: '', rate: 'abc' } }, 'f');
    expect(!r.ok && r.errors).toEqual({ label: 'risk-analysis.validation.label', rate: 'validation.invalid' });
  });
  it('returns the data when valid', () => {
    const r = parseForm(schema, { profile: { lastName: 'Durand', email: 'a@b.fr' } }, 'profile');
    expect(r.ok && r.data).toEqual({ lastName: 'Durand', email: 'a@b.fr' });
  });
  it('recognises the DRAFT submit', () => {
    expect(isDraftSubmit({ _submit: 'DRAFT' })).toBe(true);
    expect(isDraftSubmit({ _submit: 'save' })).toBe(false);
  });
});

describe('draft save', () => {
  it('skips required fields but still checks lengths and types', () => {
    const draft = parseForm(schema, { profile: { lastName: '', email: '' } }, 'profile', { draft: true });
    expect(draft.ok).toBe(true);
    const tooLong = parseForm(schema, { profile: { lastName: 'x'.repeat(101), email: '' } }, 'profile', { draft: true });
    expect(tooLong.ok).toBe(false);
    expect(!tooLong.ok && tooLong.errors).toEqual({ lastName: 'validation.too_long' });
    const full = parseForm(schema, { profile: { lastName: '', email: '' } }, 'profile');
    expect(full.ok).toBe(false);
  });
});
