import { loadConfig, parseTrustProxy, productionConfigErrors } from './config';

describe('TRUST_PROXY', () => {
  it('trusts only loopback when unset, as a proxy on the same host', () => {
    expect(parseTrustProxy(undefined)).toBe('loopback');
    expect(parseTrustProxy('  ')).toBe('loopback');
    expect(loadConfig({}).trustProxy).toBe('loopback');
  });

  it('reads on / off, a hop count, and addresses or subnets', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('uniquelocal')).toBe('uniquelocal');
    expect(parseTrustProxy('10.0.0.2,  172.18.0.0/16')).toBe('10.0.0.2, 172.18.0.0/16');
    expect(loadConfig({ TRUST_PROXY: '172.18.0.0/16' }).trustProxy).toBe('172.18.0.0/16');
  });
});

describe('production start', () => {
  it('asks for BASE_URL and SESSION_SECRET in production only', () => {
    expect(productionConfigErrors({ NODE_ENV: 'development' })).toEqual([]);
    const errors = productionConfigErrors({ NODE_ENV: 'production' });
    expect(errors).toHaveLength(2);
    expect(errors[0]).toBe('SESSION_SECRET est obligatoire en production.');
    expect(errors[1]).toMatch(/^BASE_URL est obligatoire en production/);
    expect(productionConfigErrors({ NODE_ENV: 'production', SESSION_SECRET: 's', BASE_URL: 'https://vigie.exemple.fr' })).toEqual([]);
  });

  it('refuses a BASE_URL that is not a full http(s) address', () => {
    const [error] = productionConfigErrors({ NODE_ENV: 'production', SESSION_SECRET: 's', BASE_URL: 'vigie.exemple.fr' });
    expect(error).toBe('BASE_URL doit être une adresse http(s) complète, par exemple https://vigie.exemple.fr (reçu : « vigie.exemple.fr »).');
  });
});
