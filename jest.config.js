/** Jest projects: unit tests beside the code, integration tests against the real app and database. */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true, tsx: true }, transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testMatch: ['<rootDir>/server/**/*.test.ts', '<rootDir>/islands/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      testEnvironment: 'node',
    },
    {
      displayName: 'integration',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest-timeout.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
    },
  ],
};
