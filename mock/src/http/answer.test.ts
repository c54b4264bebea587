import { describe, expect, it } from 'vitest'
import { toResponse } from './answer.js'

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
