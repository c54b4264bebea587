import { describe, expect, it } from 'vitest'
import { Redactor } from './redact.js'

describe('the recorder’s redaction', () => {
  it('replaces every value under a member named like a credential: numbers, objects, arrays', () => {
    const redactor = new Redactor()
    const out = redactor.document(
      {
        id: 7,
        name: 'Ada',
        password: 48151623,
        resetToken: { value: 'rt-planted-1', expires: 1767225600 },
        credentials: { user: 'ada', pass: 'pw-planted-2' },
        apiKeys: [{ key: 'k-planted-3' }],
      },
      '/accounts/7',
    )
    const text = JSON.stringify(out)
    for (const secret of [
      '48151623',
      'rt-planted-1',
      '1767225600',
      'pw-planted-2',
      'k-planted-3',
    ]) {
      expect(text).not.toContain(secret)
    }
    expect(out).toMatchObject({ id: 7, name: 'Ada', password: expect.stringMatching(/^redacted-/) })
  })

  it('keeps the links, embedded lists and templates of a rel named like a credential', () => {
    const redactor = new Redactor()
    const document = {
      _links: { self: { href: '/accounts/7' }, token: { href: '/accounts/7/token' } },
      _embedded: { tokens: [{ id: 1, label: 'CI', _links: { self: { href: '/tokens/1' } } }] },
      _templates: { token: { method: 'POST', target: '/accounts/7/token', properties: [] } },
    }
    expect(redactor.document(document, '/accounts/7')).toEqual(document)
  })
})
