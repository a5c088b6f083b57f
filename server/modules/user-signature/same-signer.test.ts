import { nameKey, sameSigner } from './same-signer';

describe('same signer', () => {
  it('reduces names to compare people: accents, case, spaces, punctuation and word order do not count', () => {
    expect(nameKey('  Hélène   FAURE ')).toBe('faure helene');
    expect(nameKey('Faure-Hélène')).toBe(nameKey('hélène faure'));
    expect(nameKey('')).toBe('');
  });

  it('trusts two known accounts, else compares the names', () => {
    expect(sameSigner({ userId: 3, name: 'Hélène Faure' }, { userId: 4, name: 'Hélène Faure' })).toBe(false);
    expect(sameSigner({ userId: 3, name: 'H. F.' }, { userId: 3, name: 'Hélène Faure' })).toBe(true);
    expect(sameSigner({ userId: 3, name: 'Hélène Faure' }, { userId: null, name: 'FAURE helene' })).toBe(true);
    expect(sameSigner({ userId: null, name: 'Hélène Faure' }, { userId: null, name: 'Julien Morel' })).toBe(false);
    expect(sameSigner({ userId: null, name: ' ' }, { userId: null, name: '' })).toBe(false);
  });
});
