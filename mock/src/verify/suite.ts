import { compileApi } from '../model/compile.js'
import type { ApiModel } from '../model/types.js'
import { verifyApi } from './engine.js'
import { formatReport } from './report.js'
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
 * when the rule was never checked. `api` (default `options.api`) is read at once, for the names.
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
  { readOnly = false }: { readonly readOnly?: boolean } = {},
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
      report = await verifyApi(readOnly ? { ...given, readOnly } : given)
    })
    for (const [collection, rules] of applicableRules(model, readOnly)) {
      suite.describe(collection, () => {
        for (const rule of rules) {
          suite.test(`${rule}: ${VERIFY_RULES[rule]}`, () => {
            if (!report) throw new Error('The verify run did not finish.')
            const findings = report.findings.filter(
              (f) => f.collection === collection && f.rule === rule,
            )
            const check = report.checks.find((c) => c.collection === collection && c.rule === rule)
            const failed = findings.some((f) => f.severity === 'failure')
            // A check that never ran says nothing: it fails with the warnings that say why.
            // An advisory rule (warnings only) ran when it warned.
            const advisory = rule === 'cache-control' ? (check?.warned ?? 0) : 0
            if (failed || !check || check.passed + check.failed + advisory === 0) {
              throw new Error(
                `${failed ? '' : 'Not checked. '}${formatReport({
                  ...report,
                  checks: check ? [check] : [],
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

/** The rules that apply to the root and to each collection of a model. */
function applicableRules(model: ApiModel, readOnly: boolean): [string, VerifyRule[]][] {
  const http: VerifyRule[] = [
    'cache-control',
    'media-type',
    'validators.etag',
    'validators.not-modified',
    'head',
    'not-acceptable',
  ]
  const root: VerifyRule[] = ['root.links', ...http]
  if (model.curies.length > 0) root.push('curies')
  if (model.root.some((l) => l.kind === 'link' || l.kind === 'service-desc'))
    root.push('link.resolves')
  const paged = new Set(
    model.collections.flatMap((c) =>
      c.links
        .filter((l) => l.kind !== 'relation' && l.collection)
        .map((l) => l.collection as string),
    ),
  )
  const out: [string, VerifyRule[]][] = [['root', root]]
  for (const c of model.collections) {
    if (!c.served) continue
    const rules: VerifyRule[] = ['record.schema', 'record.self', ...http, 'allow', 'forms']
    if (c.links.length > 0) rules.push('record.links')
    if ((c.listed && !c.parent) || paged.has(c.name))
      rules.push('page.params', 'page.links', 'page.items', 'page.totals')
    if (c.writable && !readOnly && model.auth.writes)
      rules.push('auth', 'create', 'read-back', 'replace', 'if-match', 'invalid-body', 'delete')
    out.push([c.name, rules])
  }
  return out
}
