import { describe, expect, it } from 'vitest'
import { formatReport } from './report.js'
import type { VerifyReport } from './types.js'

const report = (over: Partial<VerifyReport>): VerifyReport => ({
  url: 'http://127.0.0.1:4010/api',
  title: 'HAL API',
  ok: true,
  failures: 0,
  warnings: 0,
  checks: [],
  findings: [],
  requests: 72,
  elapsed: 1400,
  created: 0,
  leftovers: [],
  ...over,
})

const summary = (over: Partial<VerifyReport>) => formatReport(report(over)).split('\n').at(-1)

describe('formatReport', () => {
  it('counts one of a thing in the singular', () => {
    expect(summary({ failures: 1, warnings: 1, requests: 1, created: 1, ok: false })).toBe(
      '1 failure, 1 warning; 1 request in 1.4 s; 1 record created and deleted again.',
    )
  })

  it('counts none or several in the plural', () => {
    expect(summary({ created: 3 })).toBe(
      '0 failures, 0 warnings; 72 requests in 1.4 s; 3 records created and deleted again.',
    )
    expect(summary({})).toBe('0 failures, 0 warnings; 72 requests in 1.4 s; no record created.')
  })
})
