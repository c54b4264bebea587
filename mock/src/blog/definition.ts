import type { HalApiDefinition, HalStorage } from '../index.js'
import { authenticate, type TokenGrant } from './auth.js'
import { blogCollections } from './collections.js'
import type { ResolvedOptions } from './options.js'
import { problemPage } from './problems.js'
import { blogApiRoutes, type PersonLookup } from './routes/index.js'
import type { SeedData } from './seed.js'

const writes = (grant: TokenGrant): number =>
  grant.blogs === '*' ? 2 : grant.blogs.length > 0 ? 1 : 0

/**
 * The API's path prefix; the version lives in the path (docs/api.md, Versioning).
 *
 * @example
 * await fetch(`${server.origin}${API_PATH}/blogs/1`)
 */
export const API_PATH = '/api/v1.2'

/** The root's own link, the GraphQL endpoint; it links no OpenAPI document. */
export const BLOG_ROOT = {
  links: { 'doc:graphql': { href: '/graphql' } },
  serviceDesc: false,
} as const

/** What the Blog's definition needs of its instance: options, the current seed, its persons. */
export interface BlogRuntime {
  readonly options: ResolvedOptions
  /** The seed the collections load (again on a reset). */
  readonly seed: () => SeedData
  readonly persons: PersonLookup
  /** How the store starts (persons and restored data beside the collections). */
  readonly storage: HalStorage
}

/**
 * The Blog API v1.2 as one definition of the core: its collections (blogs, the articles nested
 * under a blog, the comments nested under an article) in its own page convention, a root that
 * links a blog template and the GraphQL endpoint, documentation pages and GraphQL as extra
 * routes, tokens read from a header or a cookie, each with the blogs it may write; problem types
 * with a page each under `docs/problems/`; and its 404s, which name v1.2.
 *
 * @example
 * const api = defineHalApi(blogDefinition(runtime))
 */
export function blogDefinition(runtime: BlogRuntime): HalApiDefinition {
  const { options } = runtime
  const { origin } = options
  // What the API answers in a shell sharing the origin: `/api/` and below (any origin unless
  // `baseUrl` names one), so that a request for another version gets a 404 naming v1.2.
  const covers = (url: URL) =>
    origin === '*'
      ? url.pathname.includes('/api/')
      : url.origin === origin && url.pathname.startsWith('/api/')
  return {
    basePath: API_PATH,
    title: 'Blog API v1.2',
    collections: blogCollections(runtime.seed),
    curies: [{ name: 'doc', href: '/docs/rels/{rel}' }],
    root: BLOG_ROOT,
    routes: blogApiRoutes(runtime.persons, options.graphql),
    storage: runtime.storage,
    protectReads: options.protectReads,
    delay: options.delay,
    // As `authenticate` reads the token: a header, else the cookie.
    securitySchemes: {
      token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
      cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
    },
    authenticate: (request) => authenticate(request, options.tokens),
    // The tokens it accepts, writers first: the first is the one the CLI and the explorer suggest.
    tokens: [...options.tokens]
      .sort(([, a], [, b]) => writes(b) - writes(a))
      .map(([token]) => token),
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
