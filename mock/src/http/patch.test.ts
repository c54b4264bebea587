import { describe, expect, it } from 'vitest'
import { applyJsonPatch, jsonPatchOperations, mergePatch, patchFormat } from './patch.js'
import { Problem } from './problem.js'

describe('mergePatch', () => {
  // RFC 7396, Appendix A: every example, original → patch → result.
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])('%j patched by %j is %j', (target, patch, result) => {
    const before = structuredClone(target)
    expect(mergePatch(target, patch)).toEqual(result)
    expect(target).toEqual(before)
  })
})

describe('JSON Patch', () => {
  it('names the format of a Content-Type, parameters and case aside; 415 otherwise', () => {
    expect(patchFormat('Application/Merge-Patch+JSON; charset=utf-8')).toBe('merge')
    expect(patchFormat('application/json-patch+json')).toBe('json-patch')
    expect(() => patchFormat('application/json')).toThrow(Problem)
  })

  it('leaves the document untouched when an operation fails', () => {
    const document = { title: 'a', content: 'b' }
    const list = jsonPatchOperations([
      { op: 'remove', path: '/content' },
      { op: 'test', path: '/title', value: 'z' },
    ])
    expect(() => applyJsonPatch(document, list, ['/title', '/content'], 'article')).toThrow(
      expect.objectContaining({ status: 409 }),
    )
    expect(document).toEqual({ title: 'a', content: 'b' })
  })

  it('a value of null is a value (add needs one, but it may be null)', () => {
    const list = jsonPatchOperations([{ op: 'add', path: '/content', value: null }])
    expect(applyJsonPatch({ title: 'a' }, list, ['/content'], 'article')).toEqual({
      title: 'a',
      content: null,
    })
    expect(() => jsonPatchOperations([{ op: 'add', path: '/content' }])).toThrow(
      expect.objectContaining({ status: 400 }),
    )
  })

  it('allows paths below an allowed member, and answers 422 (not a throw) for one into a string', () => {
    const document = { title: 'a', lines: [{ quantity: 1 }] }
    const nested = jsonPatchOperations([{ op: 'replace', path: '/lines/0/quantity', value: 2 }])
    expect(applyJsonPatch(document, nested, ['/title', '/lines'], 'order')).toEqual({
      title: 'a',
      lines: [{ quantity: 2 }],
    })
    const intoString = jsonPatchOperations([{ op: 'add', path: '/title/x', value: 1 }])
    expect(() => applyJsonPatch(document, intoString, ['/title'], 'order')).toThrow(
      expect.objectContaining({
        status: 422,
        message: 'The patch cannot be applied to this order.',
      }),
    )
    const sibling = jsonPatchOperations([{ op: 'add', path: '/titles', value: 'b' }])
    expect(() => applyJsonPatch(document, sibling, ['/title'], 'order')).toThrow(
      expect.objectContaining({ status: 422 }),
    )
    expect(document).toEqual({ title: 'a', lines: [{ quantity: 1 }] })
  })
})
