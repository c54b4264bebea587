import { describe, expect, it } from 'vitest'
import { springDataRestServer } from '../../test/record/spring-data-rest-server.js'
import { type CrawlProgress, crawlApi, templateVariables } from './crawl.js'

const from = 'http://sdr.test'

describe('the crawler', () => {
  it('reads every document it is linked to: root, pages by next, items, profiles', async () => {
    const crawl = await crawlApi(`${from}/`, { fetch: springDataRestServer() })
    const urls = [...crawl.exchanges.keys()]
    expect(urls).toContain(`${from}/persons?page=1&size=20`)
    expect(urls).toContain(`${from}/persons/30`)
    expect(urls).toContain(`alps ${from}/profile/persons`)
    expect(urls).toContain(`schema ${from}/profile/persons`)
    expect(crawl.records).toBe(36)
    expect(crawl.unreached).toEqual([])
  })

  it('follows a same-origin redirect of the root, keeps a trailing slash, and counts what it did not follow', async () => {
    const api = async (request: Request) => {
      const { pathname } = new URL(request.url)
      const hal = (body: object) =>
        Response.json(body, { headers: { 'content-type': 'application/hal+json' } })
      if (pathname === '/api')
        return new Response(null, { status: 302, headers: { location: '/api/' } })
      if (pathname === '/api/') {
        return hal({
          _links: {
            self: { href: '/api/' },
            curies: [{ name: 'x', href: '/rels/{rel}', templated: true }],
            // A lone `first` is a link to read, not a page's.
            first: { href: '/api/first' },
          },
        })
      }
      if (pathname === '/api/first') return hal({ _links: { self: { href: '/api/first' } } })
      return new Response('', { status: 404 })
    }
    const crawl = await crawlApi('http://x.test/api', { fetch: api })
    expect(crawl.root).toBe('http://x.test/api/')
    const hal = [...crawl.exchanges.values()].filter((e) => e.accept === 'hal')
    expect(hal.map((e) => e.url)).toEqual(['http://x.test/api/', 'http://x.test/api/first'])
    expect(crawl.unreached).toEqual([])
    expect(crawl.skipped).toEqual([{ reason: expect.stringMatching(/^CURIE links/), count: 1 }])
    const slash = await crawlApi('http://x.test/api/', { fetch: api })
    expect(slash.root).toBe('http://x.test/api/')
  })

  it('stops at its bounds and says so: pages, records, depth, requests', async () => {
    const pages = await crawlApi(`${from}/`, { fetch: springDataRestServer(), pages: 1 })
    expect(pages.unreached).toContainEqual({
      url: `${from}/persons?page=1&size=20`,
      reason: `past --pages 1 of ${from}/persons`,
    })
    const records = await crawlApi(`${from}/`, { fetch: springDataRestServer(), records: 5 })
    expect(records.records).toBe(5)
    expect(records.unreached.some((u) => u.reason === 'past --records 5')).toBe(true)
    const depth = await crawlApi(`${from}/`, { fetch: springDataRestServer(), depth: 1 })
    expect(depth.exchanges.has(`${from}/persons/1`)).toBe(false)
    expect(depth.unreached.some((u) => u.reason === 'deeper than --depth 1')).toBe(true)
    const requests = await crawlApi(`${from}/`, { fetch: springDataRestServer(), requests: 3 })
    expect(requests.requests).toBe(3)
    expect(requests.unreached.some((u) => u.reason === 'past --max-requests 3')).toBe(true)
  })

  it('sends the headers it is given, reads only the root’s origin, and reports failures', async () => {
    const seen: string[] = []
    const api = async (request: Request) => {
      seen.push(request.headers.get('x-api-key') ?? '')
      const url = new URL(request.url)
      if (url.pathname === '/') {
        return Response.json({
          _links: {
            self: { href: '/' },
            gone: { href: '/gone' },
            elsewhere: { href: 'https://elsewhere.test/x' },
            page: { href: '/page.html' },
            moved: { href: '/moved' },
          },
        })
      }
      if (url.pathname === '/gone') return new Response('', { status: 410, statusText: 'Gone' })
      if (url.pathname === '/moved') {
        return new Response(null, { status: 302, headers: { location: 'https://evil.test/steal' } })
      }
      return new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } })
    }
    const progress: CrawlProgress[] = []
    const crawl = await crawlApi('http://api.test/', {
      fetch: api,
      headers: { 'X-Api-Key': 'k1' },
      onProgress: (p) => progress.push(p),
    })
    expect(new Set(seen)).toEqual(new Set(['k1']))
    // A redirect to another origin is not followed: the key stays with the API (four GETs, the
    // root's HAL-FORMS variant, and its OPTIONS probe).
    expect(seen).toHaveLength(6)
    const elsewhere = 'another origin: the crawler reads only the root’s'
    expect(crawl.unreached).toEqual([
      { url: 'http://api.test/gone', reason: '410 Gone' },
      { url: 'http://api.test/moved', reason: '302: redirects to https://evil.test/steal' },
      { url: 'http://api.test/page.html', reason: 'not JSON (text/html)' },
      { url: 'https://elsewhere.test/x', reason: elsewhere },
      { url: 'https://evil.test/steal', reason: elsewhere },
    ])
    expect(progress.length).toBeGreaterThan(0)
  })

  it('stops a chain of pages at --pages even when each `next` is at a new path', async () => {
    const pages: string[] = []
    const api = async (request: Request) => {
      const { pathname } = new URL(request.url)
      if (pathname === '/') {
        return Response.json({ _links: { self: { href: '/' }, items: { href: '/items/p0' } } })
      }
      if (request.headers.get('accept')?.startsWith('application/hal+json')) pages.push(pathname)
      const page = Number(/\d+$/.exec(pathname)?.[0] ?? 0)
      return Response.json({
        _links: { self: { href: pathname }, next: { href: `/items/p${page + 1}` } },
        _embedded: { items: [] },
      })
    }
    const crawl = await crawlApi('http://api.test/', { fetch: api, pages: 5, requests: 500 })
    expect(pages).toEqual(['/items/p0', '/items/p1', '/items/p2', '/items/p3', '/items/p4'])
    expect(crawl.unreached).toContainEqual({
      url: 'http://api.test/items/p5',
      reason: 'past --pages 5 of http://api.test/items/p0',
    })
  })

  it('stops reading an endless body at --max-bytes instead of holding it in memory', async () => {
    const chunk = new TextEncoder().encode(`{"a":"${'x'.repeat(65_536)}`)
    let sent = 0
    const endless = async () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            sent += chunk.byteLength
            controller.enqueue(chunk)
          },
        }),
        { headers: { 'content-type': 'application/hal+json' } },
      )
    const crawl = await crawlApi('http://api.test/', { fetch: endless, bytes: 1_000_000 })
    expect(crawl.exchanges.size).toBe(0)
    expect(crawl.unreached).toEqual([
      { url: 'http://api.test/', reason: 'past --max-bytes 1000000' },
    ])
    // Read up to the bound and a little beyond (the stream's read-ahead), then cancelled.
    expect(sent).toBeLessThan(2_000_000)
  })

  it('names the variables of a template, and whether one is in the path', () => {
    expect(templateVariables('/persons{?page,size,sort}')).toEqual({
      names: ['page', 'size', 'sort'],
      inPath: false,
    })
    expect(templateVariables('/blogs/{blogId}/articles{?pageIndex}')).toEqual({
      names: ['blogId', 'pageIndex'],
      inPath: true,
    })
  })
})
