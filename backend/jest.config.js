const { readFileSync } = require('node:fs');

// .swcrc as it is, plus JSX for the email templates (.tsx only: TSX parsing would misread a `<T>x` cast in a .ts file).
const swcrc = JSON.parse(readFileSync(`${__dirname}/.swcrc`, 'utf8'));
delete swcrc.$schema;
const swcTsx = { ...swcrc, jsc: { ...swcrc.jsc, parser: { ...swcrc.jsc.parser, tsx: true }, transform: { ...swcrc.jsc.transform, react: { runtime: 'automatic' } } } };

/** Unit specs sit beside the code; integration and browser tests live in test/. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|test)\\.ts$',
  transform: { '^.+\\.tsx$': ['@swc/jest', swcTsx], '^.+\\.[mc]?[tj]s$': ['@swc/jest'] },
  // These ship only ESM, which jest on Node 20 cannot require: the local sign-in provider
  // (oauth2-mock-server) with jose and is-plain-obj; openapi-typescript's parse-json,
  // index-to-position, change-case and supports-color (the API types check).
  // (openapi-typescript keeps its own copy of parse-json in its node_modules, hence the nested form.)
  // @react-email/render is CommonJS but loads react-dom/server with import(), which jest's VM refuses; swc makes it a require.
  transformIgnorePatterns: ['/node_modules/(?!(?:[^/]+/node_modules/)?(oauth2-mock-server|jose|is-plain-obj|parse-json|index-to-position|change-case|supports-color|@react-email/render)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json', 'node'],
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
