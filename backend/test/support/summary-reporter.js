/**
 * Ends the run with the plain closing line CI reads ("tests: N passed, N failed, N skipped"),
 * since jest's own summary is not one it recognises. A suite that could not run counts as failed.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
