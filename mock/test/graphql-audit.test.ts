import { type AuditResult, auditServer } from 'graphql-http'
import { getResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlogApi } from '../src/blog/index.js'
import { createMockServer, type MockServer } from '../src/blog/shells/server.js'

const describeResult = (result: AuditResult) =>
  result.status === 'ok'
    ? `${result.id} ${result.name}`
    : `${result.id} ${result.name}: ${result.reason}`

async function audit(url: string, fetchFn: typeof fetch): Promise<void> {
  const results = await auditServer({ url, fetchFn })
  const errors = results.filter((result) => result.status === 'error').map(describeResult)
  const warnings = results.filter((result) => result.status === 'warn').map(describeResult)
  console.info(
    `graphql-http audit of ${url}: ${results.length} audits, ${errors.length} errors, ${warnings.length} warnings`,
    warnings,
  )
  expect(results.length).toBeGreaterThan(0)
  expect(errors).toEqual([])
}

describe('GraphQL endpoint: graphql-http server audit', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await createMockServer({ port: 0, log: false })
  })
  afterAll(() => server.close())

  it('fails no audit through the MSW handlers, as every route sees a request', async () => {
    const api = createBlogApi()
    // The audit calls fetch(); hand its Request to the handlers, no network in between.
    const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      return (await getResponse(api.handlers, request)) ?? Response.error()
    }
    await audit('http://blog.test/api/v1.2/graphql', fetchFn)
  })

  it('fails no audit over real HTTP', async () => {
    await audit(`${server.url}/graphql`, fetch)
  })
})
