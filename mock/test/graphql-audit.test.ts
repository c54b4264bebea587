import { type AuditResult, auditServer } from 'graphql-http'
import { describe, expect, it, vi } from 'vitest'
import { createGraphqlEndpoint, createPersonDirectory } from '../src/graphql/index.js'

// Vitest resolves `graphql` for this package to its CommonJS build (it ignores the `module-sync`
// export condition) while graphql-http, loaded natively, gets the ES module build: two copies,
// and graphql-http no longer recognises our GraphQLErrors. Load the copy Node itself resolves, as
// production does. Harmless once vitest.config.ts inlines graphql-http (server.deps.inline).
vi.mock('graphql', () => import(/* @vite-ignore */ import.meta.resolve('graphql')))

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
