import { compileApi } from '../model/compile.js'
import { verifyApi } from './engine.js'
import { formatReport } from './report.js'
import { ruleCatalogue, skippedRules } from './rules.js'
import { VERIFY_RULES, type VerifyOptions, type VerifyReport, type VerifyRule } from './types.js'

/**
 * The parts of a test runner {@link verifyTests} registers with: Vitest's and Playwright's
 * `describe`, `test` and `beforeAll` fit as they are.
 *
 * @example
 * const suite: VerifySuite = { describe, test, beforeAll: (run) => beforeAll(run, 60_000) }
 */
export interface VerifySuite {
  describe(title: string, body: () => void): void
  test(title: string, body: () => void | Promise<void>): void
  beforeAll(body: () => Promise<void>): void
}

/**
 * Registers the checks of a verify run in a test file: one run before all (options may be a
 * function, read then: a URL known once a server started), then a test per collection and each
 * rule that applies to it (writes unless `readOnly`), which fails with that rule's failures, or
 * when the rule was never checked. `api` (default `options.api`) is read at once, for the names;
 * so is `skip` (rules skipped, as `--skip`; with options as a function, give it here): a rule
 * skipped, by it or by the definition's `promises`, gets no test.
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
  api: VerifyOptions['api'] | undefined = (options as Partial<VerifyOptions>).api,
  {
    readOnly = false,
    skip = typeof options === 'function' ? [] : (options.skip ?? []),
  }: { readonly readOnly?: boolean; readonly skip?: readonly VerifyRule[] } = {},
): void {
  if (api === undefined) {
    throw new TypeError('verifyTests needs the API (its third argument) when options is a function')
  }
  const definition = 'definition' in api ? api.definition : api
  const model = compileApi(definition)
  let report: VerifyReport | undefined
  suite.describe(`verify ${model.title}`, () => {
    suite.beforeAll(async () => {
      const given = typeof options === 'function' ? options() : options
      const skipping = [...new Set([...(given.skip ?? []), ...skip])]
      report = await verifyApi({ ...given, ...(readOnly ? { readOnly } : {}), skip: skipping })
    })
    const skipped = new Set(skippedRules(definition.promises, skip).map((s) => s.rule))
    const catalogue = ruleCatalogue(model, { readOnly }).filter((r) => !skipped.has(r.rule))
    for (const collection of [...new Set(catalogue.map((r) => r.collection))]) {
      suite.describe(collection, () => {
        for (const { rule } of catalogue.filter((r) => r.collection === collection)) {
          suite.test(`${rule}: ${VERIFY_RULES[rule]}`, () => {
            if (!report) throw new Error('The verify run did not finish.')
            const findings = report.findings.filter(
              (f) => f.collection === collection && f.rule === rule,
            )
            const check = report.checks.find((c) => c.collection === collection && c.rule === rule)
            const failed = findings.some((f) => f.severity === 'failure')
            // A check that never ran says nothing: it fails with the warnings that say why.
            if (failed || !check || check.passed + check.failed === 0) {
              throw new Error(
                `${failed ? '' : 'Not checked. '}${formatReport({
                  ...report,
                  checks: check ? [check] : [],
                  rules: [],
                  findings,
                })}`,
              )
            }
          })
        }
      })
    }
  })
}
