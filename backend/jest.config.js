/** Unit specs sit beside the code; integration and browser tests live in test/. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|test)\\.ts$',
  transform: { '^.+\\.[tj]s$': ['@swc/jest'] },
  // These ship only ESM (content-disposition under @fastify/static, and @nestjs/bullmq 12 with its
  // bull-shared), which jest on Node 20 cannot require; they are compiled like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|@nestjs/bullmq|@nestjs/bull-shared)/)'],
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
