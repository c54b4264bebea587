// The generated OpenAPI documents lint clean under Spectral's `spectral:oas` rules, the ones code
// generators and API portals read: operationIds, tags, descriptions, no unused components.
import { createBlogApi } from '@halyard/mock/blog'
import { Spectral } from '@stoplight/spectral-core'
import { oas } from '@stoplight/spectral-rulesets'
import { describe, expect, it } from 'vitest'
import { libraryApi } from '../../mock/test/fixtures/library-api.js'
import { defineShop } from './api.js'

async function lint(document: object): Promise<string[]> {
  const spectral = new Spectral()
  // `extends: spectral:oas` in a ruleset file: the oas rules that are on by default.
  spectral.setRuleset({ extends: [[oas, 'recommended']] } as Parameters<Spectral['setRuleset']>[0])
  const results = await spectral.run(JSON.stringify(document))
  return results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)
}

describe('the OpenAPI documents under spectral:oas', () => {
  it("the Blog's: no error, no warning", async () => {
    expect(await lint(createBlogApi().openapi('http://localhost:4010'))).toEqual([])
  })

  it("a library's, nested with a page of its own (paging.render): no error, no warning", async () => {
    expect(await lint(libraryApi().openapi('http://localhost:4010'))).toEqual([])
  })

  it("the shop's: no error, no warning", async () => {
    expect(await lint(defineShop().openapi('http://localhost:4010'))).toEqual([])
  })

  it("names the shop's operations as a generator would", async () => {
    const { paths } = defineShop().openapi('http://localhost:4010') as unknown as {
      paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>
    }
    const ids = (path: string) => Object.values(paths[path] ?? {}).map((op) => op.operationId)
    expect(ids('/orders')).toEqual(['listOrders', 'createOrder'])
    expect(ids('/orders/{id}').filter(Boolean)).toEqual([
      'getOrder',
      'replaceOrder',
      'updateOrder',
      'deleteOrder',
    ])
    expect(ids('/customers/{id}/orders').filter(Boolean)).toEqual(['listCustomerOrders'])
    expect(paths['/orders']?.get?.tags).toEqual(['orders'])
  })
})

describe("the Blog's routes of its own, described by their `openapi`", () => {
  it('its GraphQL endpoint answers a GraphQL result, GET and POST', () => {
    const { paths } = createBlogApi().openapi('http://localhost:4010') as unknown as {
      paths: Record<string, Record<string, { operationId: string; responses: object }>>
    }
    const graphql = paths['/graphql'] ?? {}
    expect(graphql.get?.operationId).toBe('queryGraphqlByGet')
    for (const operation of [graphql.get, graphql.post]) {
      expect(operation?.responses).toMatchObject({
        200: { content: { 'application/graphql-response+json': expect.any(Object) } },
        default: { content: { 'application/problem+json': expect.any(Object) } },
      })
    }
  })
})
