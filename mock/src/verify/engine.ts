import type { HalApiDefinition } from '../definition/api.js'
import { compileApi } from '../model/compile.js'
import { RemoteStop } from '../remote/client.js'
import { cleanup } from './checks/created.js'
import { readRoot } from './checks/root.js'
import { runWrites } from './checks/writes.js'
import { closeRules, isRule, ruleCatalogue } from './rules.js'
import { VerifyRun } from './run.js'
import type { VerifyOptions, VerifyReport, VerifyRuleResult } from './types.js'

export { tokenHeaderOf } from './run.js'

/**
 * Verifies a running server against an API definition, by its links from the root: the root, each
 * collection's pages (paging convention, navigation, totals), records (schema, links, `self`), every
 * link, CURIEs, media types, validators and 304, `HEAD`, 406, `Allow`/405 and HAL-FORMS; then, unless
 * `readOnly`, writes on records it creates itself (create, read back, replace, patch, stale
 * `If-Match`, invalid bodies, missing and wrong tokens, delete), deleting them again whatever
 * happens. It never changes a record it did not create.
 *
 * @example
 * import { verifyApi, formatReport } from '@halyard/mock/verify'
 *
 * const report = await verifyApi({ url: 'http://127.0.0.1:4010/api', api: shop, token: 'dev-token' })
 * console.log(formatReport(report)) // grouped by collection and rule
 * report.ok // true: no failure
 */
export function verifyApi(options: VerifyOptions): Promise<VerifyReport> {
  return verifyWith(options)
}

/**
 * {@link verifyApi}, handing its run to `started` first: the CLI reads what is left from it when
 * a second Ctrl-C quits at once.
 */
export async function verifyWith(
  options: VerifyOptions,
  started?: (run: VerifyRun) => void,
): Promise<VerifyReport> {
  const definition: HalApiDefinition =
    'definition' in options.api ? options.api.definition : options.api
  for (const name of options.skip ?? []) {
    if (!isRule(name)) {
      const close = closeRules(name)
      throw new TypeError(
        `verify has no rule "${name}"${close.length > 0 ? `; did you mean ${close.join(', ')}?` : ''}`,
      )
    }
  }
  const run = new VerifyRun(compileApi(definition), options)
  started?.(run)
  try {
    if (run.options.reset) await reset(run, run.options.reset)
    await readRoot(run)
    if (!run.options.readOnly) await runWrites(run)
  } catch (error) {
    // Whatever ends a run, it ends with its report and its cleanup: a stop is a warning, anything
    // else a failure that says what it was.
    if (error instanceof RemoteStop) {
      run.stopped = error.message
      run.finding(
        'root',
        'bounds',
        `The run stopped early: ${error.message}.`,
        undefined,
        'warning',
      )
    } else {
      run.stopped = 'an error of the run'
      run.finding(
        'root',
        'bounds',
        `The run ended on an error: ${(error as Error).message}.`,
        undefined,
      )
    }
  } finally {
    await cleanup(run)
    run.client.close()
  }
  const failures = run.findings.filter((f) => f.severity === 'failure').length
  return {
    url: run.base,
    title: run.model.title,
    ok: failures === 0,
    failures,
    warnings: run.findings.length - failures,
    checks: [...run.checks.values()],
    rules: ruleResults(run),
    skipped: [...run.skipped].map(([rule, reason]) => ({ rule, reason })),
    findings: run.findings,
    requests: run.client.requests,
    elapsed: run.client.elapsed,
    created: run.created.size,
    // URLs only, and no credential in them (a Location may carry a token).
    leftovers: [...run.created]
      .filter(([, c]) => !c.deleted)
      .map(([url]) => run.client.redact(url)),
    ...(run.stopped ? { stopped: run.stopped } : {}),
    ...(run.unreachable ? { unreachable: run.client.redact(run.unreachable) } : {}),
  }
}

/**
 * Posts to the server's reset before the run: as JSON, which a reset guarded against web pages
 * needs (the mock's `/__admin/reset` refuses anything else, RFC 9110's 415). A reset that does
 * not succeed stops the run: its checks would read data it did not mean to.
 */
async function reset(run: VerifyRun, url: string): Promise<void> {
  const answer = await run.client.send('POST', url, {
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  if (answer.status < 200 || answer.status >= 300) {
    throw new RemoteStop(`the reset POST ${url} answered ${answer.status}`)
  }
}

/** The records a run created and has not deleted: URLs only, no credential in them (a Location may carry a token). */
export function leftoversOf(run: VerifyRun): string[] {
  return [...run.created].filter(([, c]) => !c.deleted).map(([url]) => run.client.redact(url))
}

/** Each rule of the catalogue as the run left it: a rule no check counted is `not checked`. */
function ruleResults(run: VerifyRun): VerifyRuleResult[] {
  return ruleCatalogue(run.model, { readOnly: run.options.readOnly === true }).map((entry) => {
    const skipped = run.skipped.get(entry.rule)
    if (skipped !== undefined) return { ...entry, status: 'skipped', reason: skipped }
    const check = run.checks.get(`${entry.collection}\u0000${entry.rule}`)
    const status =
      check === undefined
        ? 'not checked'
        : check.failed > 0
          ? 'failed'
          : check.passed > 0
            ? 'held'
            : check.warned > 0
              ? 'warned'
              : 'not checked'
    return { ...entry, status }
  })
}
