import { describe, expect, it } from 'vitest'
import { replayOf } from '../../../test/record/replay.js'
import { recordApi } from '../record.js'

// A collection's writes from what OPTIONS allows (RFC 9110 §10.2.1): no GET shows that a server
// refuses creates, so without the probe the replay took writes the API answers 405 to.

const from = 'http://allow.test'
const HAL = { 'content-type': 'application/hal+json' }

/** `books` is read-only (Allow without POST), `notes` writable; `tags` answers OPTIONS with 501. */
function server(allowOn: (path: string) => string | undefined) {
  const records = (name: string) =>
    [1, 2].map((id) => ({
      id,
      title: `${name} ${id}`,
      _links: { self: { href: `/${name}/${id}` } },
    }))
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url)
    if (request.method === 'OPTIONS') {
      const allow = allowOn(pathname)
      return allow === undefined
        ? new Response(null, { status: 501 })
        : new Response(null, { status: 204, headers: { allow } })
    }
    if (request.method !== 'GET') return new Response(null, { status: 405 })
    if (pathname === '/')
      return Response.json(
        {
          _links: {
            self: { href: '/' },
            books: { href: '/books' },
            notes: { href: '/notes' },
            tags: { href: '/tags' },
          },
        },
        { headers: HAL },
      )
    const [, name, id] = pathname.split('/')
    if (name !== 'books' && name !== 'notes' && name !== 'tags')
      return new Response(null, { status: 404 })
    const all = records(name)
    if (id === undefined)
      return Response.json(
        { _links: { self: { href: `/${name}` } }, _embedded: { [name]: all } },
        { headers: HAL },
      )
    const one = all.find((r) => String(r.id) === id)
    return one ? Response.json(one, { headers: HAL }) : new Response(null, { status: 404 })
  }
}

const allowOn = (path: string) =>
  path.startsWith('/books')
    ? 'GET, HEAD, OPTIONS'
    : path.startsWith('/notes')
      ? path === '/notes'
        ? 'GET, HEAD, POST, OPTIONS'
        : 'GET, HEAD, PUT, DELETE, OPTIONS'
      : undefined

describe('writes from OPTIONS', () => {
  it('records a collection whose Allow lacks POST read-only, and its replay answers 405 to a create', async () => {
    const recording = await recordApi(`${from}/`, { fetch: server(allowOn) })
    const byName = new Map(recording.model.collections.map((c) => [c.name, c]))
    expect(byName.get('books')?.writes).toEqual({ source: 'allow', methods: [] })
    expect(byName.get('notes')?.writes).toEqual({
      source: 'allow',
      methods: ['DELETE', 'POST', 'PUT'],
    })
    // No Allow (501): unknown, every write kept as without a probe.
    expect(byName.get('tags')?.writes).toEqual({ source: 'none', methods: [] })
    expect(recording.files['api.ts']).toContain('read-only: its OPTIONS answers allow no POST')

    const replay = await replayOf(recording, 'allow')
    const post = (name: string) =>
      replay.handle(
        new Request(`http://replay.test/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer mock-token' },
          body: JSON.stringify({ title: 'new' }),
        }),
      )
    expect((await post('books')).status).toBe(405)
    expect((await post('notes')).status).toBe(201)
    expect((await post('tags')).status).toBe(201)
  })

  it('keeps a collection writable when its list refuses creates but its items take writes', async () => {
    const items = (path: string) =>
      path === '/books' ? 'GET, HEAD' : path.startsWith('/books/') ? 'GET, PUT' : undefined
    const recording = await recordApi(`${from}/`, { fetch: server(items) })
    const books = recording.model.collections.find((c) => c.name === 'books')
    expect(books?.writes).toEqual({ source: 'none', methods: [] })
  })
})
