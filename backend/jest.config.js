/** Unit specs sit beside the code; integration and browser tests live in test/. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|test)\\.ts$',
  transform: { '^.+\\.m?[tj]s$': ['@swc/jest'] },
  // These ship only ESM, which jest on Node 20 cannot require: the local sign-in provider
  // (oauth2-mock-server) with jose and is-plain-obj.
  transformIgnorePatterns: ['/node_modules/(?!(oauth2-mock-server|jose|is-plain-obj)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json', 'node'],
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
