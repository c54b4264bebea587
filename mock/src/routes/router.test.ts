import fc from 'fast-check'
import {
  getResponse,
  HttpResponse,
  type HttpResponseResolver,
  http,
  type RequestHandler,
} from 'msw'
import { describe, expect, it } from 'vitest'
import type { BlogStore } from '../data/store.js'
import { resolveOptions } from '../options.js'
import { blogApiRoutes } from './index.js'
import {
  defineRoute,
  type Route,
  type RouteMethod,
  type Runtime,
  routePath,
  toHandlers,
} from './route.js'
import { Router } from './router.js'

const ORIGIN = 'http://blog.test'
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const

// A runtime whose store is always ready: the probes below read nothing from it.
const runtime: Runtime = {
  store: () => ({ ready: Promise.resolve() }) as unknown as BlogStore,
  options: resolveOptions(),
}
const routes = blogApiRoutes(runtime)

// The API's routes with the same methods and paths, answering which of them MSW ran, with which
// parameters: MSW's own choice, to hold the router against.
const probes: Route[] = routes.map((route, index) =>
  defineRoute({
    method: route.method,
    path: route.path,
    produces: [],
    access: 'public',
    handle: ({ params }) => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ index, params }),
    }),
  }),
)
const router = new Router(routes, '*')

/** Plain MSW handlers for the same methods and paths, as `http.get()` makes them, anchored at the origin: the reference. */
function referenceHandlers(origin: string): RequestHandler[] {
  return routes.flatMap((route, index) => {
    const path = routePath(origin, route.path)
    // Only the origin may fill a leading `*`: `/x/api/v1.2/…` is no route (CONTRACT §1).
    const resolver: HttpResponseResolver = ({ request, params }) =>
      params[0] === undefined || params[0] === new URL(request.url).origin
        ? HttpResponse.json({ index, params })
        : undefined
    if (route.method === 'GET') return [http.get(path, resolver), http.head(path, resolver)]
    return [http[route.method.toLowerCase() as Lowercase<RouteMethod>](path, resolver)]
  })
}
const mswHandlers = referenceHandlers('*')

type Choice = { index: number; params: Record<string, string> } | undefined

/** The route a list of handlers runs for a request (its index in `routes`) and its params. */
async function choiceOf(handlers: RequestHandler[], method: string, url: string): Promise<Choice> {
  const response = await getResponse(handlers, new Request(url, { method }))
  if (!response) return undefined
  // HEAD answers carry no body: ask the GET route it stands for.
  if (method === 'HEAD') return choiceOf(handlers, 'GET', url)
  return (await response.json()) as Choice
}

/** The route MSW runs for a request (its index in `routes`) and the params it gets, if any. */
const mswChoice = (method: string, path: string) =>
  choiceOf(mswHandlers, method, `${ORIGIN}${path}`)

/** The router agrees with MSW whenever it answers at all. */
async function expectAgreement(method: string, path: string): Promise<void> {
  const match = router.match(method, path, ORIGIN)
  if (!match) return
  const msw = await mswChoice(method, path)
  expect(msw, `${method} ${path}`).toBeDefined()
  expect(routes[msw?.index ?? -1], `${method} ${path}`).toBe(match.route)
  expect(msw?.params, `${method} ${path}`).toEqual(match.params)
}

/** A concrete path for each route: its parameters filled in. */
const concrete = (route: Route) => `/api/v1.2${route.path.replace(/:\w+/g, '7')}`

describe('Router', () => {
  it.each(routes.map((route) => [route.method, route.path, route] as const))(
    'resolves %s %s to the route MSW runs, with the same params',
    async (method, _, route) => {
      for (const path of [concrete(route), `${concrete(route)}/`]) {
        const match = router.match(method, path, ORIGIN)
        expect(match?.route, path).toBe(route)
        await expectAgreement(method, path)
      }
    },
  )

  it('answers HEAD with the GET routes, as the HEAD handlers do', async () => {
    const match = router.match('HEAD', '/api/v1.2/blogs/3/articles/4', ORIGIN)
    expect(match?.route.method).toBe('GET')
    expect(match?.params).toEqual({ 0: ORIGIN, blogId: '3', articleId: '4' })
    await expectAgreement('HEAD', '/api/v1.2/blogs/3/articles/4')
  })

  it.each([
    ['PATCH', '/api/v1.2/blogs/1', 'a method no route has (MSW answers 405)'],
    ['GET', '/api/v1.2/nowhere', 'a path no route has (MSW answers 404)'],
    ['GET', '/api/v1.2/blogs/1//', 'two trailing slashes'],
    ['GET', '/api/v1.2/blogs//articles', 'an empty segment'],
    ['GET', '/api/v1.2/blogs/1/./articles', 'a dot segment, which URL parsing removes'],
    ['GET', '/api/v1.2/blogs/1/articles/..', 'a dot-dot segment'],
    ['GET', '/api/v1.2/blogs/%31', 'a percent-escape, which MSW decodes'],
    ['GET', '/api/v1.2/blogs/1/api/v1.2/blogs/2', "another /api/v1.2, which MSW's * may match"],
    ['GET', '/API/v1.2/blogs/1', 'another case'],
    ['GET', '/api/v1.23/blogs/1', 'another version'],
    ['GET', '/x/api/v1.2/blogs/1', 'a prefix'],
  ])('leaves %s %s to MSW: %s', (method, path) => {
    expect(router.match(method, path, ORIGIN)).toBeUndefined()
  })

  it('agrees with MSW on random paths and methods', async () => {
    const segment = fc.constantFrom(
      'blogs',
      'articles',
      'comments',
      'docs',
      'rels',
      'problems',
      'graphql',
      'api',
      'v1.2',
      '1',
      '42',
      '0',
      'x_y-z~',
      '...',
      '.',
      '..',
      '',
      '%41',
      'Blogs',
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        fc.array(segment, { maxLength: 7 }),
        fc.boolean(),
        async (method, segments, trailingSlash) => {
          const path = `/api/v1.2${segments.map((s) => `/${s}`).join('')}${trailingSlash ? '/' : ''}`
          await expectAgreement(method, path)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('refuses a route path it cannot decide as MSW would', () => {
    const wildcard = defineRoute({ ...probes[0], path: '/files/*' } as Route)
    expect(() => new Router([wildcard])).toThrow(/MSW's own matching/)
  })
})

describe("the API's handlers (toHandlers)", () => {
  const value = fc.constantFrom('1', '42', 'x~y', '%31', '.', '..', '', 'blogs', 'v1.2')
  // Values every route takes as a parameter: most aimed requests reach their route.
  const goodValue = fc.constantFrom('1', '42', 'x~y', 'blogs')
  /** A route's own path with its parameters filled in. */
  const filled = (path: string, param: fc.Arbitrary<string>) =>
    fc
      .tuple(
        ...path
          .split('/')
          .slice(1)
          .map((part) => (part.startsWith(':') ? param : fc.constant(part))),
      )
      .map((parts) => parts.map((part) => `/${part}`).join(''))
  const tail = fc.constantFrom('', '/', '?pageSize=2', '/#top')
  // Aimed at one route, with its own method, so that half the runs reach a route whatever the seed.
  const aimed = fc.constantFrom(...routes).chain((route) =>
    fc
      .record({
        method: fc.constantFrom(
          route.method,
          route.method,
          route.method.toLowerCase(),
          ...(route.method === 'GET' ? ['HEAD'] : []),
        ),
        path: filled(
          route.path,
          fc.oneof({ weight: 4, arbitrary: goodValue }, { weight: 1, arbitrary: value }),
        ),
        tail,
      })
      .map(({ method, path, tail }) => ({ method, url: `${ORIGIN}/api/v1.2${path}${tail}` })),
  )
  // Anything near the API: other methods, hosts, prefixes, and routes' paths or none.
  const scattered = fc
    .record({
      method: fc.constantFrom(...METHODS, 'get', 'PROPFIND'),
      host: fc.constantFrom(ORIGIN, 'http://other.test:8080', 'https://blog.test'),
      prefix: fc.constantFrom('/api/v1.2', '/x/api/v1.2', '/api/v1.2/blogs/1/api/v1.2'),
      path: fc.oneof(
        fc.constantFrom(...routes.map((route) => route.path)).chain((path) => filled(path, value)),
        fc.array(value, { maxLength: 6 }).map((parts) => parts.map((part) => `/${part}`).join('')),
      ),
      tail,
    })
    .map(({ method, host, prefix, path, tail }) => ({
      method,
      url: `${host}${prefix}${path}${tail}`,
    }))

  it.each([
    ['*', 'any origin'],
    [ORIGIN, 'one origin'],
  ])('run the route plain MSW handlers run, with the same params (%s: %s)', async (origin) => {
    const options = resolveOptions(origin === '*' ? {} : { baseUrl: origin })
    const api = toHandlers(probes, { ...runtime, options })
    const reference = referenceHandlers(origin)
    let matched = 0
    await fc.assert(
      fc.asyncProperty(fc.oneof(aimed, scattered), async ({ method, url }) => {
        const expected = await choiceOf(reference, method, url)
        if (expected) matched++
        expect(await choiceOf(api, method, url), `${method} ${url}`).toEqual(expected)
      }),
      { numRuns: 800 },
    )
    // The property means little unless many requests reached a route (380 to 460 did in 8 runs).
    expect(matched).toBeGreaterThan(100)
  })
})
