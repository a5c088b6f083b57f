/** Jest projects: unit tests beside the code, integration tests against the real app and database. */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true, tsx: true }, transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
module.exports = {
  // Group files weighed as the files they hold (tests/support/sequencer.js).
  testSequencer: '<rootDir>/tests/support/sequencer.js',
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
    {
      // Group files written by scripts/integration-groups.js: several integration files sharing
      // one module registry (`npm test` runs them; a single file still runs from tests/integration).
      displayName: 'integration-groups',
      testMatch: ['<rootDir>/var/test-groups/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest-timeout.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
    },
  ],
};
