import { describe, expect, it } from 'vitest'
import { Redactor, unsafeSecret } from './redact.js'

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

describe('the last guard on the files a recording writes', () => {
  const SECRET = 'tok_9f8e7d6c'

  it('replaces a header’s value inside strings and comments only: the module still loads', async () => {
    const redactor = new Redactor({ headers: { 'X-Access-Token': `Bearer ${SECRET}` } })
    const module = [
      `// Read with ${SECRET}`,
      `/* ${SECRET} */`,
      `export const quoted = { 'a ${SECRET}': '${SECRET}', b: "x${SECRET}" }`,
      `const n = 1001`,
      `export const text = \`\${n} ${SECRET} \${'${SECRET}'} \${{ k: 1 }.k} ${SECRET}\``,
    ].join('\n')
    const seed = JSON.stringify({ notes: [{ text: `said ${SECRET}`, count: 1001 }] }, null, 2)
    const { files, unredactable } = redactor.files({ 'api.mjs': module, 'seed.json': seed })
    expect(unredactable).toEqual([])
    for (const text of Object.values(files)) expect(text).not.toContain(SECRET)
    expect(JSON.parse(files['seed.json'] ?? '')).toEqual({
      notes: [{ text: 'said redacted-1', count: 1001 }],
    })
    const loaded = (await import(
      `data:text/javascript,${encodeURIComponent(files['api.mjs'] ?? '')}`
    )) as { quoted: object; text: string }
    expect(loaded.quoted).toEqual({ 'a redacted-1': 'redacted-1', b: 'xredacted-1' })
    expect(loaded.text).toBe('1001 redacted-1 redacted-1 1 redacted-1')
  })

  it('never replaces a value in a number, a name or the code: it says where it is instead', () => {
    const redactor = new Redactor({ headers: { 'X-Shape': 'number().int()' } })
    const module =
      "export const schema = z.object({ count: z.number().int(), n: 'number().int()' })"
    const { files, unredactable } = redactor.files({ 'api.ts': module })
    expect(files['api.ts']).toBe(
      "export const schema = z.object({ count: z.number().int(), n: 'redacted-1' })",
    )
    expect(unredactable).toEqual([{ file: 'api.ts', what: 'header X-Shape' }])
  })

  it('finds a value as JSON and TypeScript escape it in their strings', () => {
    const value = `it's "${SECRET}"`
    const redactor = new Redactor({ headers: { 'X-Quote': value } })
    const { files } = redactor.files({
      'seed.json': JSON.stringify({ a: value }),
      'api.ts': `const a = '${value.replace(/'/g, "\\'")}'`,
    })
    expect(files).toEqual({ 'seed.json': '{"a":"redacted-1"}', 'api.ts': "const a = 'redacted-1'" })
  })
})

describe('header values too short or too common to redact', () => {
  it('says why, and passes a distinctive one', () => {
    expect(unsafeSecret('1001')).toBe('is shorter than 8 characters')
    expect(unsafeSecret('12345678901')).toBe('is a number')
    expect(unsafeSecret('Bearer 1.5e10000')).toBe('is a number')
    expect(unsafeSecret('undefined')).toBe('is a JSON or TypeScript literal')
    expect(unsafeSecret('collection')).toBe('is a plain word')
    expect(unsafeSecret('Bearer tok_9f8e7d6c')).toBeUndefined()
  })
})
