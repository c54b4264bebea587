import { type Go, type RepresentationAdapter, State } from '@halyard/sdk'
import type { DehydrateOptions, HydrateOptions, InfiniteData } from '@tanstack/query-core'
import { type HalStateJson, stateFromJson, stateToJson } from './state-json.js'

/** A query's data as it crosses the wire: a state, the pages of an infinite query, or as it was. */
type Wire = { hal: HalStateJson } | { halPages: HalStateJson[]; pageParams: unknown[] }

const isPages = (data: unknown): data is InfiniteData<State> =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as InfiniteData<unknown>).pages) &&
  (data as InfiniteData<unknown>).pages.every((page) => page instanceof State)

/**
 * `dehydrate()` options that turn the HAL states of the cache (and the pages of infinite queries)
 * into JSON, links, embedded resources, templates and validators included; other queries' data is
 * left as it is. The client reads them back with {@link halHydrateOptions}.
 *
 * @example
 * ```ts
 * import { dehydrate } from '@tanstack/query-core'
 *
 * const html = `<script>window.__QUERY__ = ${JSON.stringify(dehydrate(queryClient, halDehydrateOptions))}</script>`
 * ```
 */
export const halDehydrateOptions: DehydrateOptions = {
  serializeData: (data: unknown): unknown =>
    data instanceof State
      ? ({ hal: stateToJson(data) } satisfies Wire)
      : isPages(data)
        ? ({ halPages: data.pages.map(stateToJson), pageParams: data.pageParams } satisfies Wire)
        : data,
}

/**
 * `hydrate()` options that rebuild the states {@link halDehydrateOptions} wrote, bound to
 * `client`: read by its `adapter` (HAL-FORMS templates are actions again with `halFormsAdapter`),
 * their actions submit through it. With a `staleTime`, hydrated queries are fresh:
 * the browser sends no request for them.
 *
 * @example
 * ```ts
 * import { hydrate } from '@tanstack/query-core'
 *
 * hydrate(queryClient, window.__QUERY__, halHydrateOptions(api.client))
 * ```
 */
export function halHydrateOptions(client: {
  go: Go
  adapter?: RepresentationAdapter
}): HydrateOptions {
  const go: Go = (uri) => client.go(uri)
  const { adapter } = client
  return {
    defaultOptions: {
      deserializeData: (data: unknown): unknown => {
        const wire = data as Partial<Wire> | null
        if (wire && 'hal' in wire && wire.hal) return stateFromJson(wire.hal, go, adapter)
        if (wire && 'halPages' in wire && wire.halPages)
          return {
            pages: wire.halPages.map((page) => stateFromJson(page, go, adapter)),
            pageParams: wire.pageParams,
          }
        return data
      },
    },
  }
}
