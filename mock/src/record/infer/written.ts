import type { Exchange } from '../crawl.js'
import { isObject } from '../model.js'
import { hrefs } from './promises.js'

// How the recorded API writes what the core writes one way by default: its hrefs (absolute, or
// origin-relative) and a lone CURIE (an array of one, or the object itself).

/**
 * `origin-relative` when every href the API wrote is a path on its origin (`/shop/orders/1`), as
 * halson's README writes them; undefined (absolute, the core's default) otherwise.
 *
 * @example
 * hrefsWritten(hal) // 'origin-relative'
 */
export function hrefsWritten(hal: readonly Exchange[]): 'origin-relative' | undefined {
  const written = hal.flatMap((e) =>
    isObject(e.body) ? [...hrefs(e.body._links ?? {}), ...hrefs(e.body._embedded ?? {})] : [],
  )
  const relative = (href: string) => href.startsWith('/') && !href.startsWith('//')
  return written.length > 0 && written.every(relative) ? 'origin-relative' : undefined
}

/**
 * `object` when the root writes its one CURIE as the link object itself (js-hal's
 * `"curies": {…}`), undefined when as HAL's array.
 *
 * @example
 * singleCurieWritten(rootBody) // 'object'
 */
export function singleCurieWritten(root: unknown): 'object' | undefined {
  const links = isObject(root) ? root._links : undefined
  return isObject(links) && isObject(links.curies) ? 'object' : undefined
}
