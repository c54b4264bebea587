import { DEV_TOKEN } from '../index.js'
import { MAX_DELAY_MS } from '../kit.js'
import type { TokenGrant } from './auth.js'
import type { GraphqlLimits } from './graphql/index.js'
import type { SeedData } from './seed.js'
import { builtInSeed } from './seed.js'

/** How a mock instance is seeded and behaves. Every field is optional. */
export interface BlogApiOptions {
  /** Articles in blog 1 of the built-in seed. Default 42. Ignored when `seed` is given. */
  articles?: number
  /** Data to start from instead of the built-in seed (see `parseSeed` to validate a file). */
  seed?: SeedData
  /** Access tokens and the blogs each may write to. Default {@link DEFAULT_TOKENS}. */
  tokens?: Readonly<Record<string, TokenGrant>>
  /** Require a known token on reads too. Default false. */
  protectReads?: boolean
  /** Milliseconds to wait before every answer (`Prefer: delay` overrides it). Default 0. */
  delay?: number
  /**
   * Origin the handlers answer for, e.g. `https://api.example.com`. Default: any origin, so the same
   * handlers serve `fetch('/api/v1.2/…')` in a page and any host in Node.
   */
  baseUrl?: string
  /** Limits of the query-language endpoint. Defaults: depth 10, 10 000 nodes. */
  graphql?: GraphqlLimits
}

/**
 * `dev-token` ({@link DEV_TOKEN}) may write to every blog; `reader-token` is known but may write
 * nowhere (403).
 *
 * @example
 * createBlogApi({ tokens: { ...DEFAULT_TOKENS, 'blog-2-token': { blogs: [2] } } })
 */
export const DEFAULT_TOKENS: Readonly<Record<string, TokenGrant>> = {
  [DEV_TOKEN]: { blogs: '*' },
  'reader-token': { blogs: [] },
}

/** Options after defaults and validation, computed once per instance. */
export interface ResolvedOptions {
  readonly seed: () => SeedData
  readonly tokens: ReadonlyMap<string, TokenGrant>
  readonly protectReads: boolean
  readonly delay: number
  /** `*` or an origin without a trailing slash: the prefix of every handler's path. */
  readonly origin: string
  readonly graphql: GraphqlLimits
}

/**
 * Applies the defaults and rejects options that cannot work, with a message naming the option.
 *
 * @example
 * resolveOptions({ articles: 1000 }).seed().articles.length // 1000
 */
export function resolveOptions(options: BlogApiOptions = {}): ResolvedOptions {
  const { articles = 42, seed, tokens = DEFAULT_TOKENS, protectReads = false, delay = 0 } = options
  if (!Number.isSafeInteger(articles) || articles < 0) {
    throw new RangeError(`articles must be a whole number >= 0, not ${articles}`)
  }
  if (!Number.isFinite(delay) || delay < 0 || delay > MAX_DELAY_MS) {
    throw new RangeError(`delay must be between 0 and ${MAX_DELAY_MS} ms, not ${delay}`)
  }
  let origin = '*'
  if (options.baseUrl !== undefined) {
    try {
      origin = new URL(options.baseUrl).origin
    } catch {
      throw new TypeError(`baseUrl must be an absolute URL, not "${options.baseUrl}"`)
    }
  }
  return {
    seed: seed ? () => seed : () => builtInSeed(articles),
    tokens: new Map(Object.entries(tokens)),
    protectReads,
    delay,
    origin,
    graphql: options.graphql ?? {},
  }
}
