// npm run test:mutation: lists the unit specs' test names once, then runs Stryker, whose jest runs
// use them (mutation-sequencer.js) to load only the spec files that hold a test covering the mutant.
const { spawnSync } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { runCLI } = require('jest');
const { testNamesFile, testNamesOf } = require('./test-names');

const backend = join(__dirname, '../../..');

async function main() {
  const jestConfig = { ...require(join(backend, 'jest.config.js')), ...require(join(backend, 'stryker.config.json')).jest.config, rootDir: backend };
  const { results } = await runCLI({ config: JSON.stringify(jestConfig), runInBand: true, silent: true, reporters: [] }, [backend]);
  if (!results.success) throw new Error('The unit specs fail: fix them before a mutation run.');
  const file = testNamesFile();
  writeFileSync(file, JSON.stringify(testNamesOf(results, backend)));
  const stryker = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], { cwd: backend, stdio: 'inherit', env: { ...process.env, MUTATION_TEST_NAMES: file } });
  process.exitCode = stryker.status ?? 1;
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
