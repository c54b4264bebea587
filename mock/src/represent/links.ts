/**
 * The links the representations write: one link object, and an href resolved against the
 * API's base.
 */

/** A HAL link object as the core writes it. */
export interface HalLinkObject {
  href: string
  templated?: true
  title?: string
  name?: string
}

/**
 * An href relative to the API's base (`../` climbing out of its path), or absolute.
 *
 * @example
 * resolve('http://localhost/api', '/docs/{rel}') // 'http://localhost/api/docs/{rel}'
 * resolve('http://localhost/api', '../rels/{rel}') // 'http://localhost/rels/{rel}'
 */
export function resolve(base: string, href: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(href)) return href
  // `../` leaves the base path (a CURIE to documentation beside the API), never the origin.
  if (href.startsWith('../')) {
    const origin = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i.exec(base)?.[0] ?? ''
    let path = base.slice(origin.length)
    let rest = href
    while (rest.startsWith('../')) {
      path = path.replace(/\/[^/]*$/, '')
      rest = rest.slice(3)
    }
    return `${origin}${path}/${rest}`
  }
  return `${base}${href.startsWith('/') ? '' : '/'}${href}`
}
