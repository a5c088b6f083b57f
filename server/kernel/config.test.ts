import { loadConfig, parseTrustProxy, productionConfigErrors, storageConfig } from './config';

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

describe('STORAGE_DRIVER', () => {
  it('keeps files on local disk unless s3 is chosen', () => {
    expect(storageConfig({})).toEqual({ driver: 'local' });
    expect(storageConfig({ STORAGE_DRIVER: 'disk' })).toEqual({ driver: 'local' });
  });

  it('reads the S3 variables, path-style by default with an endpoint (MinIO), virtual-host on AWS', () => {
    expect(storageConfig({ STORAGE_DRIVER: 'S3', S3_BUCKET: 'vigie', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }))
      .toEqual({ driver: 's3', bucket: 'vigie', region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true, accessKeyId: 'k', secretAccessKey: 's' });
    expect(storageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'vigie', S3_REGION: 'eu-west-3' }))
      .toEqual({ driver: 's3', bucket: 'vigie', region: 'eu-west-3', endpoint: undefined, forcePathStyle: false, accessKeyId: undefined, secretAccessKey: undefined });
    expect(storageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'https://s3.fr-par.scw.cloud', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ forcePathStyle: false });
  });

  it('asks for the bucket in production when S3 is chosen', () => {
    const base = { NODE_ENV: 'production', SESSION_SECRET: 'x', BASE_URL: 'https://vigie.exemple.fr' };
    expect(productionConfigErrors({ ...base, STORAGE_DRIVER: 's3' })).toEqual(['S3_BUCKET est obligatoire avec STORAGE_DRIVER=s3 : c\'est le bucket où Vigie range les fichiers.']);
    expect(productionConfigErrors({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'vigie' })).toEqual([]);
  });
});
