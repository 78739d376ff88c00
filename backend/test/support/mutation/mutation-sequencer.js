const { existsSync, readFileSync } = require('node:fs');
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { testNamesFile } = require('./test-names');

/**
 * Jest's own order, less the spec files that hold no test the run's name pattern selects. Stryker
 * runs each mutant with the tests that cover it as a name pattern, over every spec file that
 * imports the mutated file; without this, jest loads all of those files (a rule imported by every
 * decider loads thirty) to run two tests. A file missing from the list is kept.
 */
class MutationSequencer extends Sequencer {
  constructor(options) {
    super(options);
    const pattern = options.globalConfig.testNamePattern;
    const file = testNamesFile();
    this.selects = pattern && existsSync(file) ? selector(new RegExp(pattern, 'i'), JSON.parse(readFileSync(file, 'utf8'))) : () => true;
  }

  sort(tests) {
    const kept = tests.filter((test) => this.selects(relative(test.context.config.rootDir, test.path)));
    return super.sort(kept.length > 0 ? kept : tests);
  }
}

const selector = (pattern, namesByFile) => (file) => !(file in namesByFile) || namesByFile[file].some((name) => pattern.test(name));

module.exports = MutationSequencer;
