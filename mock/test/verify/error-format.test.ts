import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCollection, defineHalApi, type HalErrorFormat } from '../../src/index.js'
import { createHalServer } from '../../src/shells/server/index.js'
import { type VerifyReport, type VerifyRule, verifyApi } from '../../src/verify/index.js'

// Verify compares a server's errors with the error format its definition declares: a 400
// `{ error, message }` server passes against a definition saying so, and a server that drifts
// from it (problem details, 422) fails the same rules.

const TOKEN = 'dev-token'
const notes = (errors?: HalErrorFormat) =>
  defineHalApi({
    basePath: '/api',
    tokens: [TOKEN],
    ...(errors ? { errors } : {}),
    collections: {
      notes: defineCollection({
        schema: z.strictObject({ text: z.string() }),
        seed: [{ text: 'first' }],
      }),
    },
  })
const errorMessage: HalErrorFormat = {
  invalid: 400,
  mediaType: 'application/json',
  body: (p) => ({ error: p.title, message: p.detail }),
}

async function verified(served: HalErrorFormat | undefined, declared: HalErrorFormat | undefined) {
  const server = await createHalServer(notes(served), { port: 0, log: false })
  try {
    return await verifyApi({ url: server.url, api: notes(declared), token: TOKEN })
  } finally {
    await server.close()
  }
}
const failed = (report: VerifyReport) =>
  [...new Set(report.findings.filter((f) => f.severity === 'failure').map((f) => f.rule))].sort()
const held = (report: VerifyReport, rule: VerifyRule) =>
  report.checks.filter((c) => c.rule === rule).reduce((n, c) => n + c.passed, 0)

describe('verify and an API of its own error format', () => {
  it('passes a 400 { error, message } server against a definition declaring that format', async () => {
    const report = await verified(errorMessage, errorMessage)
    expect(failed(report)).toEqual([])
    expect(held(report, 'invalid-body')).toBeGreaterThan(0)
    expect(held(report, 'delete.gone')).toBeGreaterThan(0)
  })

  it('takes 400 or 422 where the format names no status (a recording that saw no refusal)', async () => {
    const { invalid: _, ...unsaid } = errorMessage
    expect(failed(await verified(errorMessage, unsaid))).toEqual([])
    expect(failed(await verified({ ...errorMessage, invalid: 422 }, unsaid))).toEqual([])
  })

  it('catches the drift of a server that starts answering problem details with 422', async () => {
    const report = await verified(undefined, errorMessage)
    expect(failed(report)).toEqual(['delete.gone', 'invalid-body'])
    const message = report.findings.find((f) => f.rule === 'invalid-body')?.message
    expect(message).toContain("not 400 in the API's error format")
  })

  it('catches a server answering the right status in another shape', async () => {
    const other: HalErrorFormat = { ...errorMessage, body: (p) => ({ errors: [p.detail] }) }
    const report = await verified(other, errorMessage)
    expect(failed(report)).toEqual(['delete.gone', 'invalid-body'])
    expect(report.findings.find((f) => f.rule === 'invalid-body')?.message).toContain('no "error"')
  })

  it('holds a definition without a format to 422 problems, as before', async () => {
    expect(failed(await verified(errorMessage, undefined))).toEqual(['invalid-body'])
    expect(failed(await verified(undefined, undefined))).toEqual([])
  })
})
