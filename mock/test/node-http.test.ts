import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { NodeHeaders, NodeRequest } from '../src/shells/server/node-http.js'

// What a client sent, as node:http keeps it in `rawHeaders`: names as written, repeats apart.
const RAW = [
  'Host',
  '127.0.0.1:4010',
  'Accept',
  'application/hal+json',
  'X-Custom',
  'one',
  'content-type',
  'application/json',
  'x-custom',
  'two',
  'Content-Type',
  'text/plain',
  'Cookie',
  'a=1',
  'cookie',
  'b=2',
]

/** The same headers as fetch holds them. */
function fetchHeaders(): Headers {
  const headers = new Headers()
  for (let i = 0; i < RAW.length; i += 2) headers.append(RAW[i] as string, RAW[i + 1] as string)
  return headers
}

describe('NodeHeaders', () => {
  it.each(['host', 'accept', 'x-custom', 'content-type', 'cookie', 'prefer', 'if-match'])(
    'reads %s as fetch Headers does, repeats joined',
    (name) => {
      expect(new NodeHeaders(RAW).get(name)).toBe(fetchHeaders().get(name))
    },
  )

  it('lists every header as Object.fromEntries(fetch Headers) does', () => {
    const record = new NodeHeaders(RAW).toRecord()
    const expected = Object.fromEntries(fetchHeaders())
    expect(record).toEqual(expected)
    expect(Object.keys(record)).toEqual(Object.keys(expected))
  })
})

describe('NodeRequest', () => {
  const ORIGIN = 'http://127.0.0.1:4010'
  const request = (target: string) =>
    new NodeRequest(
      {
        method: 'GET',
        url: target,
        rawHeaders: ['Cookie', 'a=1; access_token=x%20y'],
      } as unknown as IncomingMessage,
      ORIGIN,
      target,
    )

  it.each([
    '/api/v1.2/blogs/1',
    '/api/v1.2/blogs/1/?pageIndex=2',
    '/api/v1.2/blogs/%31',
    '/api/v1.2//blogs',
    '/api/v1.2/x/../blogs/1',
    '/api/v1.2/./blogs/1',
    '/api/v1.2/%2e%2E/v1.2/blogs',
    '/api/v1.2/.hidden/..x',
    '/api/v1.2/blogs/1/..',
    '/api/v1.2/caf\u00e9',
    '/api/v1.2/a b',
    '/api/v1.2/a\\b',
    '/api/v1.2/a|b{c}',
  ])('reads the path of %s as a URL parser does', (target) => {
    expect(request(target).path).toBe(new URL(`${ORIGIN}${target}`).pathname)
  })

  it('parses cookies as MSW does', () => {
    expect(request('/').cookies).toEqual({ a: '1', access_token: 'x y' })
  })
})
