import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends a run with one plain line, `vitest: N passed, N failed, N skipped`, which CI systems read
 * without knowing Vitest's own summary format.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 }
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed' || state === 'failed' || state === 'skipped') count[state]++
      }
    }
    console.log(
      `\nvitest: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`,
    )
  }
}
