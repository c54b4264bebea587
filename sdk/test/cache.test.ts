import { describe, expect, it } from 'vitest'
import { halFormsAdapter } from '../src/hal-forms.js'
import { createClient, createState, halAdapter, StateCache } from '../src/index.js'

const HAL = 'application/hal+json'
const FORMS = 'application/prs.hal-forms+json'

/**
 * A server with one resource in two representations, as the Blog mock has them: `Vary: Accept`,
 * an ETag per representation, and (as the mock does) a 304 for an `If-None-Match` naming either.
 */
function negotiating(vary = 'Accept') {
  const sent: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const accept = request.headers.get('accept') ?? ''
    const conditional = request.headers.get('if-none-match')
    sent.push(`${request.method} ${accept.split(',')[0]} ${conditional}`)
    const forms = accept.startsWith(FORMS)
    const headers = {
      vary,
      etag: forms ? '"forms"' : '"plain"',
      'cache-control': 'no-cache',
      'content-type': forms ? FORMS : HAL,
    }
    if (request.method === 'GET' && (conditional === '"forms"' || conditional === '"plain"'))
      return new Response(null, { status: 304, headers })
    if (request.method !== 'GET') return new Response(null, { status: 204 })
    const body = {
      title: 'One',
      _links: { self: { href: '/things/1' } },
      ...(forms && { _templates: { default: { method: 'PUT', properties: [] } } }),
    }
    return new Response(JSON.stringify(body), { headers })
  }
  const client = createClient({
    baseUrl: 'https://api.example/',
    adapter: halFormsAdapter(),
    fetch,
    retry: 0,
  })
  return { client, sent, thing: client.go('things/1') }
}

describe('the cache keeps a state per representation asked for', () => {
  it('a plain-HAL get() after the default HAL-FORMS one sends no HAL-FORMS ETag, and gets HAL', async () => {
    const { client, thing, sent } = negotiating()
    const forms = await thing.get()
    const plain = await thing.get({ headers: { accept: HAL } })
    expect(plain).not.toBe(forms)
    expect(plain.hasAction('default')).toBe(false)
    expect(plain.etag).toBe('"plain"')
    expect(await thing.get({ headers: { accept: HAL } })).toBe(plain)
    expect(await thing.get()).toBe(forms)
    // The client's own Accept, however it is spaced or cased, names the same state.
    const spaced = `${FORMS}, application/hal+json; q=0.9, application/json; q=0.8`.toUpperCase()
    expect(client.cache.get(thing.uri, { accept: spaced })).toBe(forms)
    expect(sent).toEqual([
      `GET ${FORMS} null`,
      `GET ${HAL} null`,
      `GET ${HAL} "plain"`,
      `GET ${FORMS} "forms"`,
    ])
  })

  it('an Accept given in any case replaces the default, in the request and in the key', async () => {
    const { client, thing, sent } = negotiating()
    const plain = await thing.get({ headers: { Accept: HAL } })
    expect(sent).toEqual([`GET ${HAL} null`])
    expect(client.cache.get(thing.uri, { accept: 'Application/HAL+json ' })).toBe(plain)
    expect(client.cache.get(thing.uri)).toBeUndefined()
    const client2 = createClient({ baseUrl: 'https://api.example/', headers: { ACCEPT: HAL } })
    expect(client2.cache.defaults).toEqual({ accept: HAL })
  })

  it('a write drops every representation of its target', async () => {
    const { client, thing } = negotiating()
    await thing.get()
    await thing.get({ headers: { accept: HAL } })
    expect(client.cache.size).toBe(2)
    await thing.delete()
    expect(client.cache.size).toBe(0)
  })

  it('an answer with Vary: * is not kept', async () => {
    const { client, thing, sent } = negotiating('Accept, *')
    await thing.get()
    await thing.get()
    expect(client.cache.size).toBe(0)
    expect(sent.map((line) => line.endsWith('null'))).toEqual([true, true])
  })

  it('StateCache: invalidating a URI drops each representation and the documents embedding it', () => {
    const cache = new StateCache(10, { accept: FORMS })
    const state = (uri: string, embedded: unknown[] = []) =>
      createState(halAdapter(), uri, { _links: { self: { href: uri } }, _embedded: embedded })
    const hal = { accept: HAL }
    cache.store(state('https://a/list', [{ _links: { self: { href: 'https://a/list/7' } } }]))
    cache.store(
      state('https://a/list', [{ _links: { self: { href: 'https://a/list/7' } } }]),
      0,
      hal,
    )
    cache.store(state('https://a/list/7'), Infinity, hal)
    expect(cache.size).toBe(4)
    expect(cache.get('https://a/list/7')).toBeDefined() // the embedded copy, as HAL-FORMS carried it
    expect(cache.isFresh('https://a/list', hal)).toBe(false)
    expect(cache.isFresh('https://a/list')).toBe(true)
    cache.invalidate('https://a/list/7')
    expect(cache.size).toBe(0)
  })
})
