import { compileApi } from '../core/model.js'
import { verifyApi } from './engine.js'
import { formatReport } from './report.js'
import { VERIFY_RULES, type VerifyOptions, type VerifyReport, type VerifyRule } from './types.js'

/**
 * The parts of a test runner {@link verifyTests} registers with: Vitest's and Playwright's
 * `describe`, `test` and `beforeAll` fit as they are.
 */
export interface VerifySuite {
  describe(title: string, body: () => void): void
  test(title: string, body: () => void | Promise<void>): void
  beforeAll(body: () => Promise<void>): void
}

/**
 * Registers the checks of a verify run in a test file: one run before all (options may be a
 * function, read then: a URL known once a server started), then a test per collection and rule
 * that fails with that rule's findings. `options.api` is read at once, for the test names.
 *
 * @example
 * import { beforeAll, describe, test } from 'vitest'
 * import { verifyTests } from '@halyard/mock/verify'
 * import shop from './api.js'
 *
 * verifyTests(() => ({ url: `${server.url}`, api: shop, token: 'dev-token' }), {
 *   describe,
 *   test,
 *   beforeAll: (run) => beforeAll(run, 60_000),
 * }, shop)
 */
export function verifyTests(
  options: VerifyOptions | (() => VerifyOptions),
  suite: VerifySuite,
  api: VerifyOptions['api'] = (options as VerifyOptions).api,
): void {
  const definition = 'definition' in api ? api.definition : api
  const model = compileApi(definition)
  let report: VerifyReport | undefined
  suite.describe(`verify ${model.title}`, () => {
    suite.beforeAll(async () => {
      report = await verifyApi(typeof options === 'function' ? options() : options)
    })
    for (const collection of ['root', ...model.collections.map((c) => c.name)]) {
      suite.describe(collection, () => {
        for (const rule of Object.keys(VERIFY_RULES) as VerifyRule[]) {
          suite.test(`${rule}: ${VERIFY_RULES[rule]}`, () => {
            if (!report) throw new Error('The verify run did not finish.')
            const failures = report.findings.filter(
              (f) => f.collection === collection && f.rule === rule && f.severity === 'failure',
            )
            if (failures.length > 0) {
              throw new Error(
                formatReport({
                  ...report,
                  checks: report.checks.filter(
                    (c) => c.collection === collection && c.rule === rule,
                  ),
                  findings: failures,
                }),
              )
            }
          })
        }
      })
    }
  })
}
