import { describe, expect, it } from 'vitest'
import { blogConventions } from '../src/blog/index.js'
import { halFormsAdapter } from '../src/hal-forms.js'
import {
  createState,
  halAdapter,
  isHalyardError,
  Links,
  linkTarget,
  StateCache,
} from '../src/index.js'

const base = 'https://api.example/v1/orders?page=2'

describe('Links', () => {
  const links = new Links(base, {
    curies: [
      { name: 'acme', href: 'https://docs.example/rels/{rel}', templated: true },
      { name: 'rel', href: '/rels/{rel}', templated: true },
    ],
    self: { href: '/v1/orders?page=2' },
    'acme:widgets': { href: 'widgets/{id}', templated: true },
    'https://docs.example/rels/gadgets': { href: '../gadgets' },
    item: [
      { href: '1', name: 'one', title: 'First' },
      { href: '2', name: 'two', title: 'Second' },
    ],
    broken: { title: 'no href' } as never,
  })

  it('resolves plain hrefs against the document', () => {
    expect(links.get('self')?.href).toBe('https://api.example/v1/orders?page=2')
    expect(links.get('item')?.href).toBe('https://api.example/v1/1')
  })

  it('expands a templated href, then resolves it', () => {
    const widgets = links.get('acme:widgets')
    expect(widgets?.href).toBe('widgets/{id}')
    expect(widgets && linkTarget(widgets, { id: 'a b' })).toBe(
      'https://api.example/v1/widgets/a%20b',
    )
  })

  it('matches CURIEs and expanded URIs both ways, with relative CURIE hrefs', () => {
    expect(links.get('https://docs.example/rels/widgets')?.rel).toBe('acme:widgets')
    expect(links.get('acme:gadgets')?.href).toBe('https://api.example/gadgets')
    expect(links.expandRel('rel:x')).toBe('https://api.example/rels/x')
    expect(links.expandRel('unknown:x')).toBe('unknown:x')
    expect(links.has('acme:nothing')).toBe(false)
  })

  it('keeps several links per rel, selectable by name and title; skips links without href', () => {
    expect(links.getAll('item').map((l) => l.name)).toEqual(['one', 'two'])
    expect(links.get('item', { name: 'two' })?.href).toBe('https://api.example/v1/2')
    expect(links.get('item', { title: 'First' })?.name).toBe('one')
    expect(links.get('item', { name: 'two', title: 'First' })).toBeUndefined()
    expect(links.has('broken')).toBe(false)
    expect(links.rels()).toEqual([
      'curies',
      'self',
      'acme:widgets',
      'https://docs.example/rels/gadgets',
      'item',
    ])
  })
})

describe('halAdapter', () => {
  const adapter = halAdapter()

  it('reads HAL: _links, and _embedded keyed by rel (one document or many)', () => {
    const read = adapter.read({
      total: 2,
      _links: { self: { href: '/x' } },
      _embedded: { item: [{ id: 1 }, { id: 2 }], owner: { id: 9 } },
    })
    expect(read.data).toEqual({ total: 2 })
    expect(Object.keys(read.links)).toEqual(['self'])
    expect(read.embedded).toEqual({ item: [{ id: 1 }, { id: 2 }], owner: [{ id: 9 }] })
  })

  it('reads standard HAL only by default: a `_link` member is data, not links', () => {
    const read = adapter.read({ pageIndex: 1, _link: { nextPage: { href: '/p2' } } })
    expect(read.links).toEqual({})
    expect(read.data).toEqual({ pageIndex: 1, _link: { nextPage: { href: '/p2' } } })
  })

  it("reads the Blog API's page with its conventions: _link, and _embedded as an array of items", () => {
    const read = blogConventions().adapter.read({
      pageIndex: 1,
      _link: { nextPage: { href: '/p2' } },
      _embedded: [{ id: 1 }],
    })
    expect(read.data).toEqual({ pageIndex: 1 })
    expect(read.links).toEqual({ nextPage: { href: '/p2' } })
    expect(read.embedded).toEqual({ item: [{ id: 1 }] })
  })

  it('merges _links and _link, _links winning a rel both hold', () => {
    const read = halAdapter({ linkKeys: ['_links', '_link'] }).read({
      _link: { nextPage: { href: '/p2' }, self: { href: '/old' } },
      _links: { next: { href: '/p2' }, self: { href: '/p1' } },
    })
    expect(read.links).toEqual({
      nextPage: { href: '/p2' },
      self: { href: '/p1' },
      next: { href: '/p2' },
    })
  })

  it('takes other spellings as options, and any JSON value as data', () => {
    const custom = halAdapter({ linkKeys: ['links'], arrayEmbeddedRel: 'entries' })
    expect(custom.read({ links: { a: { href: '/a' } }, _embedded: [1] })).toEqual({
      data: {},
      links: { a: { href: '/a' } },
      embedded: { entries: [1] },
    })
    expect(adapter.read('text')).toEqual({ data: 'text', links: {}, embedded: {} })
  })
})

describe('State', () => {
  const page = createState(
    halAdapter(),
    'https://api.example/items?page=1',
    {
      page: 1,
      _links: { self: { href: '?page=1' } },
      _embedded: [
        { id: 1, tags: ['a'], _links: { self: { href: '/items/1' } } },
        { id: 2, _links: {} },
      ],
    },
    new Headers({ etag: '"v1"', 'last-modified': 'Sun, 22 Nov 2026 08:00:00 GMT' }),
  )

  it('is frozen, data included, and hands out copies of its headers', () => {
    expect(Object.isFrozen(page)).toBe(true)
    const tags = page.embedded('item')[0]?.data.tags as string[]
    expect(() => tags.push('b')).toThrow(TypeError)
    page.headers.set('etag', '"changed"')
    expect(page.etag).toBe('"v1"')
    expect(page.lastModified).toBe('Sun, 22 Nov 2026 08:00:00 GMT')
  })

  it('addresses embedded documents by their self link, else by the parent', () => {
    expect(page.embedded('item').map((s) => s.uri)).toEqual([
      'https://api.example/items/1',
      'https://api.example/items?page=1',
    ])
  })
})

describe('HAL-FORMS', () => {
  const read = (templates: unknown, uri = 'https://api.example/orders/7') =>
    createState(halFormsAdapter(), uri, { id: 7, _links: {}, _templates: templates })

  it('asks for HAL-FORMS first, HAL and JSON after, and keeps _templates out of the data', () => {
    expect(halFormsAdapter().accept).toBe(
      'application/prs.hal-forms+json, application/hal+json;q=0.9, application/json;q=0.8',
    )
    const state = read({ default: { method: 'put', properties: [] } })
    expect(state.data).toEqual({ id: 7 })
    expect(state.action()).toMatchObject({
      name: 'default',
      method: 'PUT',
      contentType: 'application/json',
      uri: 'https://api.example/orders/7',
      fields: [],
    })
  })

  it('skips malformed templates and properties, and keeps only well-typed members', () => {
    const state = read({
      broken: 'not a template',
      odd: { method: { not: 'a string' } },
      cancel: {
        method: 'POST',
        target: 'cancellations',
        properties: [
          'no name',
          { name: 'reason', required: 'yes', maxLength: '9', minLength: 2, regex: 5 },
        ],
      },
    })
    expect(state.actions().map((action) => [action.name, action.method])).toEqual([
      ['odd', 'GET'],
      ['cancel', 'POST'],
    ])
    const cancel = state.action('cancel')
    expect(cancel.uri).toBe('https://api.example/orders/cancellations')
    expect(cancel.fields).toEqual([
      { name: 'reason', type: 'text', required: false, readOnly: false, minLength: 2 },
    ])
  })

  it('validates types, lengths in characters, bounds, anchored patterns and inline options', () => {
    const action = read({
      default: {
        method: 'PATCH',
        properties: [
          { name: 'status', options: { inline: ['open', 'shipped'] } },
          {
            name: 'carrier',
            options: {
              inline: [{ label: 'Post', id: 'post' }],
              promptField: 'label',
              valueField: 'id',
            },
          },
          { name: 'count', type: 'number', min: 1, max: 3 },
          { name: 'code', regex: '[A-Z]{2}', minLength: 2, maxLength: 2 },
          { name: 'a/b~c', required: true },
        ],
      },
    }).action()
    expect(action.field('carrier')?.options?.inline).toEqual([{ prompt: 'Post', value: 'post' }])
    expect(
      action.validate({ status: 'open', carrier: 'post', count: 2, code: 'AB', 'a/b~c': 'x' }),
    ).toEqual([])
    expect(action.validate({ status: 'lost', count: '2', code: 'ABC' })).toEqual([
      { pointer: '/status', detail: 'status must be one of open, shipped' },
      { pointer: '/count', detail: 'count must be a number' },
      { pointer: '/code', detail: 'code must be at most 2 characters' },
      { pointer: '/code', detail: 'code must match [A-Z]{2}' },
      { pointer: '/a~1b~0c', detail: 'a/b~c is required' },
    ])
    expect(action.validate({ count: 0, code: '😀😀', 'a/b~c': 'x' })).toEqual([
      { pointer: '/count', detail: 'count must be at least 1' },
      { pointer: '/code', detail: 'code must match [A-Z]{2}' },
    ])
  })

  it('a pattern the client cannot compile is left to the server', () => {
    const action = read({
      default: { method: 'PUT', properties: [{ name: 'x', regex: '(' }] },
    }).action()
    expect(action.validate({ x: 'anything' })).toEqual([])
  })

  it('a state read without a client lists its actions but cannot submit them', async () => {
    const action = read({ default: { method: 'DELETE', properties: [] } }).action()
    const error = await action.submit().catch((e: unknown) => e)
    expect(isHalyardError(error)).toBe(true)
    expect((error as Error).message).toBe(
      'DELETE https://api.example/orders/7 not sent: the state was not read by a client',
    )
  })

  it('refuses a content type it cannot send, before sending', async () => {
    const action = read({
      default: { method: 'POST', contentType: 'multipart/form-data', properties: [] },
    }).action()
    await expect(action.submit()).rejects.toThrow(
      'POST https://api.example/orders/7 not sent: multipart/form-data is neither JSON nor application/x-www-form-urlencoded',
    )
  })
})

describe('StateCache', () => {
  const state = (uri: string, embedded: unknown[] = []) =>
    createState(halAdapter(), uri, { _links: { self: { href: uri } }, _embedded: embedded })

  it('keeps at most max states, least recently used out first', () => {
    const cache = new StateCache(2)
    cache.store(state('https://a/1'))
    cache.store(state('https://a/2'))
    cache.get('https://a/1')
    cache.store(state('https://a/3'))
    expect(cache.get('https://a/2')).toBeUndefined()
    expect(cache.get('https://a/1')).toBeDefined()
    expect(cache.size).toBe(2)
  })

  it('stores embedded copies and evicts the documents that embed an invalidated one', () => {
    const cache = new StateCache()
    cache.store(
      state('https://a/list?page=1', [{ _links: { self: { href: 'https://a/list/7' } } }]),
    )
    cache.store(state('https://a/list?page=2'))
    expect(cache.get('https://a/list/7')).toBeDefined()
    cache.invalidate('https://a/list/7')
    expect(cache.get('https://a/list?page=1')).toBeUndefined()
    expect(cache.get('https://a/list?page=2')).toBeDefined()
    cache.invalidateCollection('https://a/list')
    expect(cache.size).toBe(0)
  })

  it('caches nothing with max 0', () => {
    const cache = new StateCache(0)
    cache.store(state('https://a/1'))
    expect(cache.size).toBe(0)
  })
})
