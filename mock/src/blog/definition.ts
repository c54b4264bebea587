import type { HalApiDefinition } from '../core/definition.js'
import { authenticate } from './auth.js'
import { blogCollections } from './collections.js'
import { API_PATH } from './links.js'
import { problemPage } from './problems.js'
import { blogApiRoutes } from './routes/index.js'
import { blogRoute, type Runtime } from './routes/route.js'

/**
 * The Blog API v1.2 as one definition on the core: its collections (stored and indexed by the
 * core, described in its OpenAPI document) and the routes that answer for them, since its URLs
 * nest (`/blogs/{blogId}/articles/{articleId}`) and its pages have their own shape (`_link`, an
 * array `_embedded`, `pageIndex` and `pageSize`); its root, comments, documentation pages and
 * GraphQL endpoint; tokens read from a header or a cookie, each with the blogs it may write; problem
 * types with a page each under `docs/problems/`; and its 404s, which name v1.2.
 *
 * @example
 * const api = createHalApi(blogDefinition(runtime), { store: () => runtime.store().hal, reset })
 */
export function blogDefinition(runtime: Runtime): HalApiDefinition {
  const { options } = runtime
  const { origin } = options
  // What the API answers in a shell sharing the origin: `/api/` and below (any origin unless
  // `baseUrl` names one), so that a request for another version gets a 404 naming v1.2.
  const covers = (url: URL) =>
    origin === '*'
      ? url.pathname.includes('/api/')
      : url.origin === origin && url.pathname.startsWith('/api/')
  const collections = Object.fromEntries(
    Object.entries(blogCollections()).map(([name, collection]) => [
      name,
      { ...collection, serve: false },
    ]),
  )
  return {
    basePath: API_PATH,
    title: 'Blog API v1.2',
    collections,
    curies: [{ name: 'doc', href: '/docs/rels/{rel}' }],
    routes: blogApiRoutes(runtime).map((route) => blogRoute(route, runtime)),
    protectReads: options.protectReads,
    delay: options.delay,
    // As `authenticate` reads the token: a header, else the cookie.
    securitySchemes: {
      token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
      cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
    },
    authenticate: (request) => authenticate(request.headers, request.cookies, options.tokens),
    problemType: problemPage,
    notFound({ url }) {
      const { pathname } = url
      if (!covers(url)) {
        return `There is no resource at ${pathname}; the API lives under ${API_PATH}.`
      }
      return pathname === API_PATH || pathname.startsWith(`${API_PATH}/`)
        ? `There is no resource at ${pathname}.`
        : `There is no resource at ${pathname}: this server implements the Blog API v1.2 only, under ${API_PATH}.`
    },
    covers,
  }
}
