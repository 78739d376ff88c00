const { join, relative } = require('node:path');

/** Where the unit specs' test names are kept for a mutation run (the sandbox finds it by the environment). */
const testNamesFile = () => process.env.MUTATION_TEST_NAMES ?? join(__dirname, '../../../.stryker-test-names.json');

/** Each spec file (relative to the backend) with the full names of its tests, as jest reports them. */
function testNamesOf(results, rootDir) {
  return Object.fromEntries(results.testResults.map((file) => [relative(rootDir, file.testFilePath), file.testResults.map((test) => test.fullName)]));
}

module.exports = { testNamesFile, testNamesOf };
