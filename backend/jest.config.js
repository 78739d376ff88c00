/** Unit specs sit beside the code; integration and browser tests live in test/. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|test)\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testTimeout: 60000,
};
