/** Unit specs sit beside the code; integration and browser tests live in test/. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|test)\\.ts$',
  transform: { '^.+\\.[tj]s$': ['@swc/jest'] },
  // content-disposition (under @fastify/static) ships only ESM, which jest on Node 20 cannot require.
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
