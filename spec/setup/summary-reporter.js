// Prints one plain closing line, `jest: N passed, N failed, N skipped`, after the default
// reporter's summary, so CI logs carry a count in a runner-neutral form. "failed" counts failed
// tests plus every suite that failed outside a test (a runtime error loading the file, a failing
// beforeAll/afterAll), so a run whose suites crash never reads as all passed.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const suiteFailures = results.testResults.filter(
      (suite) => suite.testExecError !== undefined || (suite.failureMessage && suite.numFailingTests === 0),
    ).length
    process.stdout.write(
      `jest: ${results.numPassedTests} passed, ${results.numFailedTests + suiteFailures} failed, ${results.numPendingTests + results.numTodoTests} skipped\n`,
    )
  }
}

module.exports = SummaryReporter
