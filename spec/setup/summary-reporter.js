// Prints one plain closing line, `jest: N passed, N failed, N skipped`, after the default
// reporter's summary, so CI logs carry a count in a runner-neutral form.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    process.stdout.write(
      `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests + results.numTodoTests} skipped\n`,
    )
  }
}

module.exports = SummaryReporter
