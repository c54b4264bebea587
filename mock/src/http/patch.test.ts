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
    expect(() => applyJsonPatch(document, list, ['/title', '/content'])).toThrow(
      expect.objectContaining({ status: 409 }),
    )
    expect(document).toEqual({ title: 'a', content: 'b' })
  })

  it('a value of null is a value (add needs one, but it may be null)', () => {
    const list = jsonPatchOperations([{ op: 'add', path: '/content', value: null }])
    expect(applyJsonPatch({ title: 'a' }, list, ['/content'])).toEqual({
      title: 'a',
      content: null,
    })
    expect(() => jsonPatchOperations([{ op: 'add', path: '/content' }])).toThrow(
      expect.objectContaining({ status: 400 }),
    )
  })
})
