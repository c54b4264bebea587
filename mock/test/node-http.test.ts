import { describe, expect, it } from 'vitest'
import { NodeHeaders } from '../src/server/node-http.js'

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
