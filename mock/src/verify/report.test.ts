import { describe, expect, it } from 'vitest'
import { formatReport, formatSummary } from './report.js'
import type { VerifyReport } from './types.js'

const report = (over: Partial<VerifyReport>): VerifyReport => ({
  url: 'http://127.0.0.1:4010/api/v1.2',
  title: 'Blog API v1.2',
  ok: true,
  failures: 0,
  warnings: 0,
  checks: [],
  rules: [],
  skipped: [],
  findings: [],
  requests: 1,
  elapsed: 1200,
  created: 1,
  leftovers: [],
  ...over,
})

describe('formatReport', () => {
  it('counts one of a thing in the singular, more in the plural', () => {
    expect(formatReport(report({}))).toContain(
      '0 failures, 0 warnings; 1 request in 1.2 s; 1 record created and deleted again.',
    )
    expect(formatReport(report({ failures: 1, warnings: 2, requests: 81, created: 3 }))).toContain(
      '1 failure, 2 warnings; 81 requests in 1.2 s; 3 records created and deleted again.',
    )
  })

  it('gives its summary line alone, as bench/verify.ts prints it', () => {
    expect(formatSummary(report({ warnings: 1 }))).toBe(
      '0 failures, 1 warning; 1 request in 1.2 s; 1 record created and deleted again.',
    )
    expect(formatSummary(report({ created: 0 }))).toMatch(/; no record created\.$/)
  })

  it('prints the server’s text escaped: no ESC, OSC or NUL reaches the terminal', () => {
    const hostile = 'x\u001b]0;pwned\u0007\u0000\u001b[2J'
    const text = formatReport(
      report({
        url: `http://127.0.0.1:4010/${hostile}`,
        title: `Title ${hostile}`,
        checks: [{ collection: `c${hostile}`, rule: 'head', passed: 0, failed: 1, warned: 0 }],
        findings: [
          {
            collection: `c${hostile}`,
            rule: 'head',
            severity: 'failure',
            message: `said ${hostile}`,
            request: { method: 'GET', url: `http://127.0.0.1:4010/${hostile}`, body: hostile },
            answer: { status: 500, excerpt: `boom ${hostile}` },
          },
        ],
        stopped: `because ${hostile}`,
      }),
    )
    for (const control of ['\u0000', '\u0007', '\u001b']) expect(text).not.toContain(control)
    expect(text).toContain('said x\\x1b]0;pwned\\x07\\x00\\x1b[2J')
    expect(text).toContain('answer: 500 boom x\\x1b]0;pwned')
    expect(text).toContain('Stopped early: because x\\x1b]0;pwned')
  })
})
