import { type AuditResult, auditServer } from 'graphql-http'
import { describe, expect, it } from 'vitest'
import { createGraphqlEndpoint, createPersonDirectory } from '../src/graphql/index.js'

const url = 'http://localhost/api/v1.2/graphql'

const endpoint = createGraphqlEndpoint(
  createPersonDirectory([
    { id: '1', name: 'Ada', friendIds: ['2'] },
    { id: '2', name: 'Grace', friendIds: ['1'] },
  ]),
)

// The audit calls fetch(); hand its Request straight to the endpoint, no server in between.
const fetchFn = (input: RequestInfo | URL, init?: RequestInit) => endpoint(new Request(input, init))

const describeResult = (result: AuditResult) =>
  result.status === 'ok'
    ? `${result.id} ${result.name}`
    : `${result.id} ${result.name}: ${result.reason}`

describe('GraphQL endpoint: graphql-http server audit', () => {
  it('fails no audit of the GraphQL-over-HTTP spec', async () => {
    const results = await auditServer({ url, fetchFn })
    const errors = results.filter((result) => result.status === 'error').map(describeResult)
    const warnings = results.filter((result) => result.status === 'warn').map(describeResult)
    console.info(
      `graphql-http audit: ${results.length} audits, ${errors.length} errors, ${warnings.length} warnings`,
      warnings,
    )
    expect(results.length).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })
})
