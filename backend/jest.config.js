/** Unit specs sit beside the code; integration and browser tests live in test/. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|test)\\.ts$',
  transform: { '^.+\\.[tj]s$': ['@swc/jest'] },
  // These ship only ESM, which jest on Node 20 cannot require (Node itself can): content-disposition
  // (under @fastify/static), @nestjs/bullmq and @nestjs/bull-shared.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|@nestjs/bullmq|@nestjs/bull-shared)/)'],
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
