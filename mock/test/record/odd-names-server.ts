// An API whose names, numbers and forms the emitted module must survive: a `$` in a segment,
// segments that sanitize alike, `__proto__` and `Object.prototype` names for members, links and a
// collection, numbers zod's `.int()` refuses, an id past 2^53, HAL-FORMS options and a pattern the
// records do not satisfy (or that would backtrack), and a first page with `next` and no items.

/** The regex its form gives `code`: nested quantifiers, catastrophic on `aaaa…!`. */
export const BACKTRACKING = '^(a+)+$'

/** A document with its hrefs on `origin` (as most APIs write them). */
const document = (body: unknown, origin: string, type: string) =>
  new Response(JSON.stringify(body).replaceAll('"href":"/', `"href":"${origin}/`), {
    headers: { 'content-type': type },
  })

/** The records of `/things/{id}`. */
const thing = (id: number) => ({
  id,
  // Parsed as an own member `__proto__` (JSON.parse defines it).
  ...JSON.parse(`{"__proto__": "proto ${id}"}`),
  huge: 1e308,
  big: 2 ** 60,
  status: id === 1 ? 'open' : 'archived',
  code: `c${id}`,
  _links: {
    self: { href: `/things/${id}` },
    constructor: { href: `/things/${id}/c` },
    toString: { href: `/things/${id}/s` },
    ...JSON.parse(`{"__proto__": {"href": "/things/${id}/p"}}`),
  },
})

/** A record of a collection at `segment`. */
const item = (segment: string, id: number) => ({
  id,
  name: `${segment} ${id}`,
  _links: {
    self: { href: `/${segment}/${id}` },
    // A nested collection under a name with a `-`: its path variable cannot be `line-itemId`.
    ...(segment === 'line-items' ? { parts: { href: `/line-items/${id}/sub-parts` } } : {}),
  },
})

/** The segments of its other collections: `a_b` and `a~b` sanitize alike. */
const SEGMENTS = ['it$ems', 'a_b', 'a~b', '__proto__', 'line-items']

/**
 * The API's `fetch`: an in-process HAL server.
 *
 * @example
 * await recordApi('http://odd.test/', { fetch: oddNamesServer })
 */
export async function oddNamesServer(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const path = decodeURIComponent(url.pathname)
  const accept = request.headers.get('accept') ?? ''
  const hal = (body: unknown) => document(body, url.origin, 'application/hal+json')
  const forms = (body: unknown) => document(body, url.origin, 'application/prs.hal-forms+json')
  if (path === '/') {
    const links: Record<string, unknown> = {
      self: { href: '/' },
      things: { href: '/things' },
      big: { href: '/big/12345678901234567890' },
    }
    for (const segment of SEGMENTS) links[`l-${segment}`] = { href: `/${segment}` }
    return hal({ _links: links })
  }
  if (path === '/things') {
    if (accept.startsWith('application/prs.hal-forms+json')) {
      return forms({
        _links: { self: { href: '/things' } },
        _templates: {
          default: {
            method: 'POST',
            properties: [
              { name: 'status', options: { inline: ['open', 'closed'] } },
              { name: 'code', regex: BACKTRACKING },
              { name: 'huge', max: 10 },
            ],
          },
        },
      })
    }
    // The first page: a `next`, and no items.
    if (url.searchParams.get('page') !== '1') {
      return hal({
        _links: { self: { href: '/things' }, next: { href: '/things?page=1' } },
        _embedded: { things: [] },
      })
    }
    return hal({
      _links: { self: { href: '/things?page=1' }, prev: { href: '/things' } },
      _embedded: { things: [thing(1), thing(2)] },
    })
  }
  const own = /^\/things\/(\d+)$/.exec(path)
  if (own) return hal(thing(Number(own[1])))
  if (path === '/big/12345678901234567890') {
    return hal({ id: 1, _links: { self: { href: '/big/12345678901234567890' } } })
  }
  for (const segment of SEGMENTS) {
    if (path === `/${segment}`) {
      return hal({
        _links: { self: { href: `/${segment}` } },
        _embedded: { [segment]: [item(segment, 1), item(segment, 2)] },
      })
    }
    const at = new RegExp(`^/${segment.replace(/[$]/g, '\\$&')}/(\\d+)$`).exec(path)
    if (at) return hal(item(segment, Number(at[1])))
  }
  const nested = /^\/line-items\/(\d+)\/sub-parts(?:\/(\d+))?$/.exec(path)
  if (nested) {
    const list = `line-items/${nested[1]}/sub-parts`
    if (nested[2] !== undefined) return hal(item(list, Number(nested[2])))
    return hal({
      _links: { self: { href: `/${list}` } },
      _embedded: { 'sub-parts': [item(list, 1), item(list, 2)] },
    })
  }
  return new Response('', { status: 404 })
}
