import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toResponse, utf8Length } from './answer.js'

describe('toResponse', () => {
  it('gives a text body its length in bytes, as the real server does', async () => {
    const response = toResponse({ status: 200, headers: {}, body: '{"title":"Café"}' })
    expect(response.headers.get('content-length')).toBe('17')
    expect(await response.text()).toBe('{"title":"Café"}')
  })

  it('keeps a length the answer already carries', () => {
    const response = toResponse({ status: 200, headers: { 'content-length': '2' }, body: '{}' })
    expect(response.headers.get('content-length')).toBe('2')
  })

  it('adds no length to an answer without a body', () => {
    const response = toResponse({ status: 304, headers: { etag: '"x"' }, body: null })
    expect(response.headers.get('content-length')).toBeNull()
    expect(response.headers.get('etag')).toBe('"x"')
  })
})

describe('utf8Length', () => {
  const encoded = (text: string) => new TextEncoder().encode(text).byteLength

  it.each([
    ['', 0],
    ['ascii', 5],
    ['Café', 5],
    ['€', 3],
    ['😀', 4],
    ['\uD800', 3],
    ['a\uDC00b', 5],
    ['\uD83D\uD83D\uDE00', 7],
  ])('counts %j as %i bytes', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes)
    expect(encoded(text)).toBe(bytes)
  })

  it('agrees with TextEncoder on any string, lone surrogates included', () => {
    const unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code))
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const text = units.join('')
        expect(utf8Length(text)).toBe(encoded(text))
      }),
      { numRuns: 2000 },
    )
  })
})
