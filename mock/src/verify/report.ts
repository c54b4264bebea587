import { printable } from '../remote/printable.js'
import { VERIFY_RULES, type VerifyFinding, type VerifyReport } from './types.js'

/**
 * A report as people read it: a line per collection and rule (how often it held, failures and
 * warnings), each finding with its request, an excerpt of the answer and the rule it broke, then
 * a summary line.
 *
 * @example
 * console.log(formatReport(await verifyApi({ url, api })))
 */
export function formatReport(report: VerifyReport): string {
  // Every string here may be the server's (or a definition's): printed escaped, never acted on.
  const lines = [`Verified ${printable(report.url)} against ${printable(report.title)}`]
  const collections = [...new Set([...report.checks, ...report.rules].map((c) => c.collection))]
  for (const collection of collections) {
    lines.push('', printable(collection))
    for (const check of report.checks.filter((c) => c.collection === collection)) {
      const mark = check.failed > 0 ? '✗' : check.warned > 0 ? '!' : '✓'
      const counts = [
        `${check.passed} held`,
        ...(check.failed > 0 ? [`${check.failed} failed`] : []),
        ...(check.warned > 0 ? [`${check.warned} warnings`] : []),
      ].join(', ')
      lines.push(`  ${mark} ${check.rule}: ${VERIFY_RULES[check.rule]} (${counts})`)
      const findings = report.findings.filter(
        (f) => f.collection === collection && f.rule === check.rule,
      )
      for (const finding of findings.slice(0, 5)) lines.push(...findingLines(finding))
      if (findings.length > 5) lines.push(`      … and ${findings.length - 5} more`)
    }
  }
  lines.push(...ruleLines(report))
  lines.push('', formatSummary(report))
  if (report.stopped) lines.push(`Stopped early: ${printable(report.stopped)}.`)
  return lines.join('\n')
}

/**
 * A report's last line, as {@link formatReport} ends with it: failures, warnings, requests, time
 * and the records created, each count with its noun in the singular for one.
 *
 * @example
 * formatSummary(report) // '0 failures, 1 warning; 81 requests in 1.2 s; 1 record created and deleted again.'
 */
export function formatSummary(
  report: Pick<
    VerifyReport,
    'failures' | 'warnings' | 'requests' | 'elapsed' | 'created' | 'leftovers'
  >,
): string {
  const records =
    report.created === 0
      ? 'no record created'
      : `${counted(report.created, 'record')} created${report.leftovers.length > 0 ? `, ${report.leftovers.length} left (see the leftovers file)` : ' and deleted again'}`
  return `${counted(report.failures, 'failure')}, ${counted(report.warnings, 'warning')}; ${counted(report.requests, 'request')} in ${(report.elapsed / 1000).toFixed(1)} s; ${records}.`
}

/** The rules skipped on purpose, and those of the catalogue the run never got to check. */
function ruleLines(report: VerifyReport): string[] {
  const out: string[] = []
  if (report.skipped.length > 0) {
    out.push('', `Skipped (${report.skipped.length}):`)
    for (const s of report.skipped) out.push(`  - ${s.rule}: ${s.reason}`)
  }
  const unchecked = report.rules.filter((r) => r.status === 'not checked')
  if (unchecked.length > 0) {
    out.push(
      '',
      `Not checked (${unchecked.length}): the run never got to them, so they did not hold either`,
    )
    for (const r of unchecked) out.push(`  ? ${r.collection} ${r.rule}: ${VERIFY_RULES[r.rule]}`)
  }
  return out
}

function findingLines(finding: VerifyFinding): string[] {
  const out = [
    `    ${finding.severity === 'failure' ? 'FAIL' : 'WARN'} ${printable(finding.message)}`,
  ]
  if (finding.request)
    out.push(`      request: ${printable(`${finding.request.method} ${finding.request.url}`)}`)
  if (finding.request?.body) out.push(`      sent: ${oneLine(finding.request.body)}`)
  if (finding.answer)
    out.push(`      answer: ${finding.answer.status} ${oneLine(finding.answer.excerpt)}`)
  out.push(`      rule: ${finding.rule}: ${VERIFY_RULES[finding.rule]}`)
  return out
}

const oneLine = (text: string) => printable(text.replace(/\s+/g, ' ').slice(0, 200))

const xml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/[^\t\n\r\x20-\uFFFD]/g, '')

/**
 * A report as JUnit XML for CI: a test suite per collection, a test case per rule, a failure per
 * failed check (warnings as system-out).
 *
 * @example
 * await writeFile('verify.xml', junitReport(report))
 */
export function junitReport(report: VerifyReport): string {
  // The catalogue's rules of a collection no check counted: skipped on purpose, or never run.
  const skippedOf = (collection: string) =>
    report.rules.filter(
      (r) =>
        r.collection === collection &&
        (r.status === 'skipped' || r.status === 'not checked') &&
        !report.checks.some((c) => c.collection === collection && c.rule === r.rule),
    )
  const collections = [
    ...new Set([
      ...report.checks.map((c) => c.collection),
      ...report.rules.map((r) => r.collection),
    ]),
  ]
  const suites = collections.map((collection) => ({
    collection,
    checks: report.checks.filter((c) => c.collection === collection),
    skipped: skippedOf(collection),
  }))
  const count = (f: (s: (typeof suites)[number]) => number) => suites.reduce((n, s) => n + f(s), 0)
  const failed = (checks: VerifyReport['checks']) => checks.filter((c) => c.failed > 0).length
  const out = ['<?xml version="1.0" encoding="UTF-8"?>']
  out.push(
    `<testsuites name="${xml(`verify ${report.title}`)}" tests="${count((s) => s.checks.length + s.skipped.length)}" failures="${count((s) => failed(s.checks))}" skipped="${count((s) => s.skipped.length)}" time="${(report.elapsed / 1000).toFixed(3)}">`,
  )
  for (const { collection, checks, skipped } of suites) {
    out.push(
      `  <testsuite name="${xml(collection)}" tests="${checks.length + skipped.length}" failures="${failed(checks)}" skipped="${skipped.length}">`,
    )
    for (const check of checks) {
      const findings = report.findings.filter(
        (f) => f.collection === collection && f.rule === check.rule,
      )
      out.push(`    <testcase classname="${xml(collection)}" name="${xml(check.rule)}">`)
      const failures = findings.filter((f) => f.severity === 'failure')
      if (failures.length > 0) {
        const text = failures.flatMap(findingLines).join('\n')
        out.push(
          `      <failure message="${xml(failures[0]?.message ?? '')}">${xml(text)}</failure>`,
        )
      }
      const warnings = findings.filter((f) => f.severity === 'warning')
      if (warnings.length > 0)
        out.push(`      <system-out>${xml(warnings.flatMap(findingLines).join('\n'))}</system-out>`)
      out.push('    </testcase>')
    }
    for (const rule of skipped) {
      const why = rule.status === 'skipped' ? (rule.reason ?? 'skipped') : 'not checked'
      out.push(
        `    <testcase classname="${xml(collection)}" name="${xml(rule.rule)}"><skipped message="${xml(why)}"/></testcase>`,
      )
    }
    out.push('  </testsuite>')
  }
  out.push('</testsuites>')
  return out.join('\n')
}

/** A count and its noun, singular for one: `1 record`, `3 records`. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
