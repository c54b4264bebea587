import type { Exchange } from '../crawl.js'
import { isObject } from '../model.js'

// How the recorded API writes what the core writes one way by default: its hrefs (absolute, or
// origin-relative) and a lone CURIE (an array of one, or the object itself).

/** Every href of a document's links, its embedded resources' too. */
function hrefsIn(body: unknown, into: string[]): string[] {
  if (!isObject(body)) return into
  if (isObject(body._links)) {
    for (const value of Object.values(body._links)) {
      for (const link of Array.isArray(value) ? value : [value])
        if (isObject(link) && typeof link.href === 'string') into.push(link.href)
    }
  }
  if (isObject(body._embedded)) {
    for (const value of Object.values(body._embedded))
      for (const inner of Array.isArray(value) ? value : [value]) hrefsIn(inner, into)
  }
  return into
}

/**
 * `origin-relative` when every href the API wrote is a path on its origin (`/shop/orders/1`), as
 * halson's README writes them; undefined (absolute, the core's default) otherwise.
 *
 * @example
 * hrefsWritten(hal) // 'origin-relative'
 */
export function hrefsWritten(hal: readonly Exchange[]): 'origin-relative' | undefined {
  const hrefs = hal.flatMap((e) => hrefsIn(e.body, []))
  const relative = (href: string) => href.startsWith('/') && !href.startsWith('//')
  return hrefs.length > 0 && hrefs.every(relative) ? 'origin-relative' : undefined
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
