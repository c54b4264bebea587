import { afterEach, describe, expect, it, vi } from 'vitest'
import { halFormsAdapter } from '../src/hal-forms.js'
import { createClient, createState, isHalyardError } from '../src/index.js'
import {
  draftGetExample,
  springHalFormsCustom,
  springHalFormsSample,
  typedTemplate,
} from './fixtures/hal-forms-others.js'

const read = (document: object, uri: string) => createState(halFormsAdapter(), uri, document)

describe('HAL-FORMS as others write it', () => {
  it("reads Spring HATEOAS's documented sample: lower-case methods, an empty contentType, a null title", () => {
    const state = read(springHalFormsSample, 'http://localhost:8080/employees/1')
    expect(
      state.actions().map(({ name, method, contentType, uri, title }) => ({
        name,
        method,
        contentType,
        uri,
        title,
      })),
    ).toEqual([
      {
        name: 'default',
        method: 'PUT',
        contentType: 'application/json',
        uri: 'http://localhost:8080/employees/1',
        title: undefined,
      },
      {
        name: 'partiallyUpdateEmployee',
        method: 'PATCH',
        contentType: 'application/json',
        uri: 'http://localhost:8080/employees/1',
        title: undefined,
      },
    ])
    expect(state.action().validate({ firstName: 'Frodo', lastName: 'Baggins' })).toEqual([
      { pointer: '/role', detail: 'role is required' },
    ])
    expect(state.action('partiallyUpdateEmployee').validate({})).toEqual([])
  })

  it("reads Spring HATEOAS's fixture without a contentType as JSON", () => {
    const state = read(springHalFormsCustom, 'http://localhost/employees/0')
    expect(state.action()).toMatchObject({ method: 'PUT', contentType: 'application/json' })
    expect(state.action().field('name')).toEqual({
      name: 'name',
      type: 'text',
      required: true,
      readOnly: false,
    })
  })

  it("reads the draft's GET example: a lower-case get on the document it was read from", () => {
    const action = read(draftGetExample, 'http://api.example.org/task-list/').action()
    expect(action).toMatchObject({
      method: 'GET',
      title: 'Filter',
      uri: 'http://api.example.org/task-list/',
    })
    expect(action.validate({ title: 'sample', completed: 'false' })).toEqual([])
    expect(action.validate({ completed: 'maybe' })).toEqual([
      { pointer: '/completed', detail: 'completed must match ^(true|false)$' },
    ])
  })

  it('an empty or missing method is GET, as the draft says', () => {
    const state = read(
      { _templates: { a: { method: '' }, b: {}, c: { method: 'Delete' } } },
      'https://api.example/x',
    )
    expect(state.actions().map((action) => action.method)).toEqual(['GET', 'GET', 'DELETE'])
  })
})

describe('typed values', () => {
  const action = () => read(typedTemplate, 'https://shop.example/api/orders/7').action()
  const valid = { quantity: 2 }

  it('takes a boolean for a checkbox, and refuses a string for it', () => {
    expect(action().validate({ ...valid, done: true })).toEqual([])
    expect(action().validate({ ...valid, done: false })).toEqual([])
    expect(action().validate({ ...valid, done: 'true' })).toEqual([
      { pointer: '/done', detail: 'done must be a boolean' },
    ])
  })

  it('takes finite numbers within min, max and step for number fields', () => {
    expect(action().validate({ quantity: 10, price: 19.99 })).toEqual([])
    expect(action().validate({ quantity: '2' })).toEqual([
      { pointer: '/quantity', detail: 'quantity must be a number' },
    ])
    expect(action().validate({ quantity: Number.NaN })).toEqual([
      { pointer: '/quantity', detail: 'quantity must be a number' },
    ])
    expect(action().validate({ quantity: 11, price: -1 })).toEqual([
      { pointer: '/quantity', detail: 'quantity must be at most 10' },
      { pointer: '/price', detail: 'price must be at least 0' },
    ])
    expect(action().validate({ quantity: 1.5, price: 0.005 })).toEqual([
      { pointer: '/quantity', detail: 'quantity must be a multiple of 1' },
      { pointer: '/price', detail: 'price must be a multiple of 0.01' },
    ])
    expect(action().validate({})).toEqual([
      { pointer: '/quantity', detail: 'quantity is required' },
    ])
  })

  it('takes a boolean where Spring HATEOAS gives no type (text takes any scalar), not an object', () => {
    expect(action().validate({ ...valid, gift: true })).toEqual([])
    expect(action().validate({ ...valid, gift: 'yes' })).toEqual([])
    expect(action().validate({ ...valid, gift: { wrapped: true } })).toEqual([
      { pointer: '/gift', detail: 'gift must be a string' },
    ])
  })

  it('takes dates as the input type writes them, and applies regex to strings', () => {
    const dates = { due: '2026-11-26', deliverAt: '2026-11-26T10:30' }
    expect(action().validate({ ...valid, ...dates, contact: 'a@b' })).toEqual([])
    expect(action().validate({ ...valid, due: 20261126, contact: 'nobody' })).toEqual([
      { pointer: '/due', detail: 'due must be a string' },
      { pointer: '/contact', detail: 'contact must match .+@.+' },
    ])
  })

  it('checks inline options, their promptField/valueField, and maxItems for several values', () => {
    const form = action()
    expect(form.field('size')?.options?.inline).toEqual([
      { prompt: 'Small', value: 'S' },
      { prompt: 'Large', value: 'L' },
    ])
    expect(
      form.validate({ ...valid, shipping: 'CIF', size: 'L', tags: ['gift', 'express'] }),
    ).toEqual([])
    expect(
      form.validate({ ...valid, shipping: 'EXW', size: 'M', tags: ['gift', 'fragile', 'express'] }),
    ).toEqual([
      { pointer: '/shipping', detail: 'shipping must be one of FOB, CIF, DAP' },
      { pointer: '/size', detail: 'size must be one of S, L' },
      { pointer: '/tags', detail: 'tags takes at most 2 values' },
    ])
    expect(form.validate({ ...valid, tags: ['gift', 'lost'] })).toEqual([
      { pointer: '/tags', detail: 'tags must be one of gift, fragile, express' },
    ])
  })

  it('gives options behind a link resolved against the document, and leaves their values to the server', () => {
    const country = action().field('country')
    expect(country?.options).toEqual({
      inline: [],
      link: { href: 'https://shop.example/api/countries', type: 'application/json' },
      maxItems: 1,
    })
    expect(action().validate({ ...valid, country: 'any' })).toEqual([])
  })
})

describe('the HAL-FORMS gaps: DELETE queries, minItems, date bounds', () => {
  const template = (properties: object[], method = 'PUT') =>
    read(
      {
        _links: { self: { href: 'https://shop.example/api/orders/7' } },
        _templates: { default: { method, properties } },
      },
      'https://shop.example/api/orders/7',
    ).action()

  it('a DELETE template puts its values in the query of its target, with If-Match from the state', async () => {
    const sent: string[] = []
    const client = createClient({
      baseUrl: 'https://shop.example/api',
      adapter: halFormsAdapter(),
      fetch: async (input, init) => {
        const request = new Request(input, init)
        sent.push(
          `${request.method} ${request.url} ${request.headers.get('if-match')} ${await request.text()}`,
        )
        return request.method === 'GET'
          ? Response.json(
              {
                _links: { self: { href: '/api/orders/7' } },
                _templates: {
                  cancel: {
                    method: 'DELETE',
                    target: '/api/orders/7?notify=false',
                    contentType: 'application/json',
                    properties: [
                      { name: 'reason', required: true },
                      { name: 'notify', type: 'checkbox' },
                    ],
                  },
                },
              },
              { headers: { etag: '"v1"', 'content-type': 'application/prs.hal-forms+json' } },
            )
          : new Response(null, { status: 204 })
      },
    })
    const state = await client.go('orders/7').get()
    const cancel = state.action('cancel')
    await expect(cancel.submit({ notify: true })).rejects.toMatchObject({
      errors: [{ pointer: '/reason', detail: 'reason is required' }],
    })
    expect(await cancel.submit({ reason: 'changed my mind', notify: true })).toBeUndefined()
    expect(sent).toEqual([
      'GET https://shop.example/api/orders/7 null ',
      'DELETE https://shop.example/api/orders/7?reason=changed+my+mind&notify=true null ',
    ])
    // On the state's own URI, the write carries the state's ETag.
    const again = createState(
      halFormsAdapter(),
      state.uri,
      { _templates: { default: { method: 'DELETE', properties: [{ name: 'reason' }] } } },
      new Headers({ etag: '"v1"' }),
      undefined,
      (uri) => client.go(uri),
    )
    await again.action().submit({ reason: 'gone' })
    expect(sent.at(-1)).toBe('DELETE https://shop.example/api/orders/7?reason=gone "v1" ')
  })

  it('minItems: fewer values than it asks for are refused, an empty list too', () => {
    const tags = template([
      { name: 'tags', options: { inline: ['a', 'b', 'c'], minItems: 2, maxItems: 3 } },
    ])
    expect(tags.validate({ tags: ['a', 'b'] })).toEqual([])
    expect(tags.validate({})).toEqual([])
    expect(tags.validate({ tags: ['a'] })).toEqual([
      { pointer: '/tags', detail: 'tags takes at least 2 values' },
    ])
    expect(tags.validate({ tags: [] })).toEqual([
      { pointer: '/tags', detail: 'tags takes at least 2 values' },
    ])
    expect(tags.field('tags')?.options?.minItems).toBe(2)
  })

  it('min and max bound date and datetime fields, compared as ISO texts', () => {
    const booking = template([
      { name: 'day', type: 'date', min: '2026-01-01', max: '2026-12-31' },
      { name: 'at', type: 'datetime-local', min: '2026-01-01T09:00', max: '2026-01-01T17:00' },
    ])
    expect(booking.field('day')).toMatchObject({ min: '2026-01-01', max: '2026-12-31' })
    expect(booking.validate({ day: '2026-06-15', at: '2026-01-01T09:00' })).toEqual([])
    expect(booking.validate({ day: '2025-12-31', at: '2026-01-01T17:30' })).toEqual([
      { pointer: '/day', detail: 'day must be at least 2026-01-01' },
      { pointer: '/at', detail: 'at must be at most 2026-01-01T17:00' },
    ])
    expect(booking.validate({ day: '2027-01-01' })).toEqual([
      { pointer: '/day', detail: 'day must be at most 2026-12-31' },
    ])
  })
})

describe('a client without @halyard/sdk/forms', () => {
  it('asks for HAL, and its states offer no actions (the templates stay data)', async () => {
    const accepts: (string | null)[] = []
    const client = createClient({
      baseUrl: 'https://shop.example/api',
      fetch: async (input, init) => {
        accepts.push(new Request(input, init).headers.get('accept'))
        return Response.json({
          id: 7,
          _links: { self: { href: '/api/orders/7' } },
          _templates: { default: { method: 'PUT', properties: [] } },
        })
      },
    })
    const state = await client.go('orders/7').get()
    expect(accepts).toEqual(['application/hal+json, application/json;q=0.9'])
    expect(state.actions()).toEqual([])
    expect(state.hasAction('default')).toBe(false)
    // The error says how to read actions.
    expect(() => state.action()).toThrow(/halFormsAdapter.*'@halyard\/sdk\/forms'/)
    expect(state.data).toMatchObject({ id: 7 })
  })

  it('with halFormsAdapter, a state gives the same action each time it is asked', () => {
    const state = read(
      { _templates: { default: { method: 'PUT', properties: [] } } },
      'https://shop.example/api/orders/7',
    )
    expect(state.action()).toBe(state.actions()[0])
    expect(state.actions()).not.toBe(state.actions()) // a list of its own for each caller
  })
})

describe('createClient with a relative baseUrl', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('resolves it against the page, in a page', () => {
    vi.stubGlobal('location', { href: 'https://blog.example/app/index.html?x=1' })
    const client = createClient({ baseUrl: '/api/v1.2' })
    expect(client.baseUrl).toBe('https://blog.example/api/v1.2')
    expect(client.go('blogs/1').uri).toBe('https://blog.example/api/v1.2/blogs/1')
  })

  it('elsewhere, fails with a HalyardError that asks for an absolute URL', () => {
    const error = (() => {
      try {
        return createClient({ baseUrl: '/api/v1.2' })
      } catch (caught) {
        return caught
      }
    })()
    expect(isHalyardError(error)).toBe(true)
    expect((error as Error).message).toBe(
      "baseUrl '/api/v1.2' is no absolute URL and no page resolves it: give an absolute URL, e.g. 'http://127.0.0.1:4010/api/v1.2'",
    )
  })
})
