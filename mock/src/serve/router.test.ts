import { describe, expect, it } from 'vitest'
import { type RouteDecision, Router, splitPath } from './router.js'

const router = new Router('/api', [
  { method: 'GET', path: '', value: 'root' },
  { method: 'GET', path: '/orders', value: 'orders' },
  { method: 'POST', path: '/orders', value: 'create-order' },
  { method: 'GET', path: '/orders/{id}', value: 'order' },
  { method: 'PUT', path: '/orders/{id}', value: 'replace-order' },
  { method: 'DELETE', path: '/orders/{id}', value: 'delete-order' },
  { method: 'GET', path: '/orders/summary', value: 'summary' },
  { method: 'GET', path: '/customers/{id}/orders', value: 'customer-orders' },
])

const match = (value: string, params: Record<string, string> = {}): RouteDecision<string> => ({
  kind: 'match',
  value,
  params,
})
const READ_WRITE = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']

// One row per routing case, in the manner of Hono's router tests: method, path, decision.
const cases: [string, string, RouteDecision<string>][] = [
  ['GET', '/api', match('root')],
  ['GET', '/api/', match('root')],
  ['HEAD', '/api', match('root')],
  ['GET', '/api/orders', match('orders')],
  ['GET', '/api/orders/', match('orders')],
  ['POST', '/api/orders', match('create-order')],
  ['GET', '/api/orders/7', match('order', { id: '7' })],
  ['HEAD', '/api/orders/7', match('order', { id: '7' })],
  ['PUT', '/api/orders/7', match('replace-order', { id: '7' })],
  ['DELETE', '/api/orders/7', match('delete-order', { id: '7' })],
  // A literal segment wins over a parameter, whatever the table's order.
  ['GET', '/api/orders/summary', match('summary')],
  ['GET', '/api/customers/3/orders', match('customer-orders', { id: '3' })],
  // Percent-encoded segments are decoded before they are compared or handed out.
  ['GET', '/api/%6Frders/%37', match('order', { id: '7' })],
  ['GET', '/api/orders/a%2Fb', match('order', { id: 'a/b' })],
  ['GET', '/api/orders/caf%C3%A9', match('order', { id: 'café' })],
  // Dot segments are resolved, encoded or not, as a URL parser would.
  ['GET', '/api/customers/../orders/7', match('order', { id: '7' })],
  ['GET', '/api/./orders', match('orders')],
  ['GET', '/api/%2e%2E/api/orders', match('orders')],
  ['GET', '/api/orders/7/..', match('orders')],
  // Not found: outside the base, unknown paths, empty segments, malformed escapes, too deep.
  ['GET', '/', { kind: 'not-found' }],
  ['GET', '/apix/orders', { kind: 'not-found' }],
  ['GET', '/other/orders', { kind: 'not-found' }],
  ['GET', '/api/products', { kind: 'not-found' }],
  ['GET', '/api//orders', { kind: 'not-found' }],
  ['GET', '/api/orders//', { kind: 'not-found' }],
  ['GET', '/api/orders/%E0%A4%A', { kind: 'not-found' }],
  ['GET', '/api/orders/7/lines/1', { kind: 'not-found' }],
  ['OPTIONS', '/api/nothing', { kind: 'not-found' }],
  // 405 and OPTIONS name every method of the path, HEAD beside GET, OPTIONS always.
  ['PATCH', '/api/orders/7', { kind: 'method-not-allowed', allow: READ_WRITE }],
  ['POST', '/api/orders/7', { kind: 'method-not-allowed', allow: READ_WRITE }],
  [
    'OPTIONS',
    '/api/orders/7',
    { kind: 'options', allow: READ_WRITE, values: ['order', 'replace-order', 'delete-order'] },
  ],
  [
    'DELETE',
    '/api/orders',
    { kind: 'method-not-allowed', allow: ['GET', 'HEAD', 'POST', 'OPTIONS'] },
  ],
  ['OPTIONS', '/api', { kind: 'options', allow: ['GET', 'HEAD', 'OPTIONS'], values: ['root'] }],
  // Method names are case-sensitive (RFC 9110 §9.1).
  ['get', '/api/orders', { kind: 'method-not-allowed', allow: ['GET', 'HEAD', 'POST', 'OPTIONS'] }],
]

// A versioned base with a dot in it (the Blog API's `/api/v1.2`), and paths that repeat it.
const versioned = new Router('/api/v1.2', [
  { method: 'GET', path: '', value: 'root' },
  { method: 'GET', path: '/blogs/{blogId}', value: 'blog' },
  { method: 'GET', path: '/blogs/{blogId}/articles/{articleId}', value: 'article' },
  { method: 'PATCH', path: '/blogs/{blogId}/articles/{articleId}', value: 'patch-article' },
])
const versionedCases: [string, string, RouteDecision<string>][] = [
  ['GET', '/api/v1.2', match('root')],
  ['GET', '/api/v1.2/blogs/1', match('blog', { blogId: '1' })],
  ['GET', '/api/v1.2/blogs/%31', match('blog', { blogId: '1' })],
  ['GET', '/api/v1%2E2/blogs/1', match('blog', { blogId: '1' })],
  [
    'PATCH',
    '/api/v1.2/blogs/1/articles/2',
    match('patch-article', { blogId: '1', articleId: '2' }),
  ],
  ['HEAD', '/api/v1.2/blogs/1/articles/2', match('article', { blogId: '1', articleId: '2' })],
  // Only under the base: not under a prefix, another version, or the base repeated further on.
  ['GET', '/x/api/v1.2/blogs/1', { kind: 'not-found' }],
  ['GET', '/api/v1.1/api/v1.2/blogs/1', { kind: 'not-found' }],
  ['GET', '/api/v1.2/x/api/v1.2/blogs/1', { kind: 'not-found' }],
  ['GET', '/api/v1.1/blogs/1', { kind: 'not-found' }],
  ['GET', '/api/v1.2/blogs/1/', match('blog', { blogId: '1' })],
  ['GET', '/api/v1.2/blogs/1//', { kind: 'not-found' }],
  [
    'OPTIONS',
    '/api/v1.2/blogs/1/articles/2',
    {
      kind: 'options',
      allow: ['GET', 'HEAD', 'PATCH', 'OPTIONS'],
      values: ['article', 'patch-article'],
    },
  ],
  ['TRACE', '/api/v1.2/blogs/1', { kind: 'method-not-allowed', allow: ['GET', 'HEAD', 'OPTIONS'] }],
]

describe('Router', () => {
  it.each(versionedCases)('under /api/v1.2: %s %s', (method, path, decision) => {
    expect(versioned.decide(method, path)).toEqual(decision)
  })

  it.each(cases)('%s %s', (method, path, decision) => {
    expect(router.decide(method, path)).toEqual(decision)
  })

  it('decides the same for a path as a URL parser hands it over', () => {
    for (const [method, path, decision] of cases) {
      const parsed = new URL(path, 'http://localhost').pathname
      // The parser already resolved dot segments; what it keeps, the router decides alike.
      if (!path.includes('..') && !path.includes('/./')) {
        expect(router.decide(method, parsed)).toEqual(decision)
      }
    }
  })

  it('serves a table at the root of the origin', () => {
    const root = new Router('', [{ method: 'GET', path: '/things/{id}', value: 'thing' }])
    expect(root.decide('GET', '/things/1')).toEqual(match('thing', { id: '1' }))
  })

  it.each([
    ['/api/v1.2', true],
    ['/api/v1.2/blogs//1', true],
    ['/api/v1.2/blogs/%E0%A4%A', true],
    ['/api/x/../v1.2/blogs', true],
    ['/api', false],
    ['/api/v1.20/blogs', false],
    ['/x//api/v1.2/blogs', false],
  ])('covers %s: %s', (path, covered) => {
    expect(versioned.covers(path)).toBe(covered)
  })

  it('rejects a route path it cannot match', () => {
    expect(() => new Router('/api', [{ method: 'GET', path: '/a/{id}x', value: 1 }])).toThrow(
      /not a route path/,
    )
  })
})

describe('splitPath', () => {
  it.each([
    ['/', []],
    ['/a/b/', ['a', 'b']],
    ['/a/%2e/b', ['a', 'b']],
    ['/a/%2E%2e/b', ['b']],
    ['/a%20b', ['a b']],
    ['/a//b', undefined],
    ['/%zz', undefined],
  ])('%s', (path, segments) => {
    expect(splitPath(path)).toEqual(segments)
  })
})
