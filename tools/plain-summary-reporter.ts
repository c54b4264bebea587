import type { Reporter, SerializedError, TestModule } from 'vitest/node'

/**
 * Ends a run with one plain line, `vitest: N passed, N failed, N skipped`, which CI systems read
 * without knowing Vitest's own summary format. A test file that fails to load (or whose hooks
 * outside any test fail) counts as one failed, and so does each unhandled error, so the line says
 * "failed" whenever the run fails.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ test: { reporters: ['default', new PlainSummaryReporter()] } })
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError> = [],
  ): void {
    const count = { passed: 0, failed: 0, skipped: 0 }
    let filesFailed = 0
    for (const module of modules) {
      let testsFailed = 0
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed' || state === 'failed' || state === 'skipped') count[state]++
        if (state === 'failed') testsFailed++
      }
      // A file that failed with no failed test: its import threw, or a hook outside any test.
      if (module.state() === 'failed' && testsFailed === 0) filesFailed++
    }
    count.failed += filesFailed + unhandledErrors.length
    const causes = [
      filesFailed > 0 ? `${filesFailed} file${filesFailed === 1 ? '' : 's'} with errors` : '',
      unhandledErrors.length > 0
        ? `${unhandledErrors.length} unhandled error${unhandledErrors.length === 1 ? '' : 's'}`
        : '',
    ].filter(Boolean)
    console.log(
      `\nvitest: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped` +
        (causes.length > 0 ? ` (of the failed: ${causes.join(', ')})` : ''),
    )
  }
}
