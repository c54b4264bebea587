import { describe, expect, it } from 'vitest'
import { serverAt } from './base-url.js'

describe('E2E_BASE_URL', () => {
  it.each([
    'http://127.0.0.1:4010',
    'http://127.0.0.1:4010/',
    'http://127.0.0.1:4010/api/v1.2',
    'http://127.0.0.1:4010/api/v1.2/',
  ])('%s names the server at http://127.0.0.1:4010', (address) => {
    expect(serverAt(address)).toEqual({
      origin: 'http://127.0.0.1:4010',
      apiUrl: 'http://127.0.0.1:4010/api/v1.2',
    })
  })

  it.each([
    '127.0.0.1:4010',
    'localhost',
    'ftp://127.0.0.1:4010',
    'http://127.0.0.1:4010/api',
    'http://127.0.0.1:4010/api/v1.1',
    'http://127.0.0.1:4010/blog/api/v1.2',
    'http://127.0.0.1:4010/api/v1.2/blogs/1',
    'http://127.0.0.1:4010/api/v1.2?token=x',
  ])('%s is refused with what to give instead', (address) => {
    expect(() => serverAt(address)).toThrow(
      "E2E_BASE_URL must be the server's origin (http://127.0.0.1:4010) or its API root",
    )
  })

  it('with credentials is refused without echoing them', () => {
    expect(() => serverAt('http://user:secret@127.0.0.1:4010')).toThrow(
      /must not carry credentials/,
    )
    expect(() => serverAt('http://user:secret@127.0.0.1:4010')).not.toThrow(/secret/)
  })
})
