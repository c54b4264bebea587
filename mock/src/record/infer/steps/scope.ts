import { halAdapter } from '@halyard/sdk'
import type { Crawl, Exchange } from '../../crawl.js'
import { byKey } from '../../model.js'

/** The HAL reader every step reads documents with. */
export const adapter = halAdapter()

/** What every step of the inference reads: the crawl, where the API is, its HAL answers. */
export interface Scope {
  readonly crawl: Crawl
  readonly origin: string
  readonly basePath: string
  readonly hal: readonly Exchange[]
  /** The path of a URL under the API's base, or undefined when it is elsewhere. */
  readonly under: (url: string) => string | undefined
  /** A path's numbers as `{}`: the address pattern of its items. */
  readonly patternOf: (path: string) => string
}

/** A document embedding an array of one collection's items. */
export interface Page {
  readonly exchange: Exchange
  readonly collection: string
  readonly key: string | undefined
  readonly list: string
}

/** The scope of a crawl: its root's origin and base path, its HAL answers by address. */
export function scopeOf(crawl: Crawl): Scope {
  const rootUrl = new URL(crawl.root)
  const origin = rootUrl.origin
  const basePath = rootUrl.pathname.replace(/\/$/, '')
  const under = (url: string): string | undefined => {
    const u = new URL(url, origin)
    if (u.origin !== origin || !(u.pathname === basePath || u.pathname.startsWith(`${basePath}/`)))
      return undefined
    return u.pathname.slice(basePath.length)
  }
  const patternOf = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/{}')
  const hal = [...crawl.exchanges.values()]
    .filter((e) => e.accept === 'hal')
    .sort(byKey((e) => e.url))
  return { crawl, origin, basePath, hal, under, patternOf }
}
