/**
 * Ends the run with the plain closing line CI reads ("tests: N passed, N failed, N skipped"),
 * since jest's own summary is not one it recognises. A suite that could not run counts as failed.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    // The slowest files, so a CI log shows where its time goes.
    const slowest = results.testResults
      .map((r) => ({ file: r.testFilePath.replace(/^.*\/backend\//, ''), seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (slowest.length > 1) process.stdout.write(`\nslowest files:\n${slowest.map((s) => `  ${s.seconds.toFixed(1)} s  ${s.file}`).join('\n')}\n`);
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
