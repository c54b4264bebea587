import { describe, expect, it } from 'vitest'
import { MEMO_BUDGETS } from '../memory/byte-lru.js'
import { type Representation, RepresentationMemo, represent } from './respond.js'

describe('RepresentationMemo', () => {
  const record = { id: 1, title: 'First' }

  it('builds a representation once while its stamp stays the same', () => {
    const memo = new RepresentationMemo('items')
    let builds = 0
    const build = (): Representation => {
      builds++
      return represent(record, 0)
    }
    const first = memo.get('http://a/records/1', [1, 2], build)
    expect(memo.get('http://a/records/1', [1, 2], build)).toBe(first)
    expect(builds).toBe(1)
  })

  it('builds again when any version of the stamp differs, as after a write', () => {
    const memo = new RepresentationMemo('items')
    const edited = { ...record }
    const first = memo.get('http://a/records/1', [1, 2], () => represent(edited, 0))
    edited.title = 'Edited'
    const second = memo.get('http://a/records/1', [1, 3], () => represent(edited, 0))
    expect(second).not.toBe(first)
    expect(JSON.parse(second.json).title).toBe('Edited')
    expect(second.etag).not.toBe(first.etag)
  })

  it('keeps the plain and the HAL-FORMS representation of one state apart', () => {
    const memo = new RepresentationMemo('items')
    const plain = memo.get('http://a/records/1', [1], () => represent(record, 0))
    const forms = memo.get(
      'http://a/records/1',
      [1],
      () => represent({ ...record, _templates: {} }, 0),
      'forms',
    )
    expect(forms).not.toBe(plain)
    expect(memo.get('http://a/records/1', [1], () => represent({}, 0))).toBe(plain)
  })

  it('does not keep a representation larger than its byte budget', () => {
    const memo = new RepresentationMemo('pages')
    const huge = { content: 'x'.repeat(MEMO_BUDGETS.pages) }
    let builds = 0
    const build = () => {
      builds++
      return represent(huge, 0)
    }
    memo.get('page', [1], build)
    memo.get('page', [1], build)
    expect(builds).toBe(2)
  })

  it('evicts the least recently used entries once their bytes pass the budget', () => {
    const memo = new RepresentationMemo('items')
    // Each entry is counted at about 200 KiB: five fit in the 1 MiB budget, six do not.
    const body = (key: number) => ({ key, content: 'x'.repeat(100 * 1024) })
    const builds: number[] = []
    const read = (key: number) =>
      memo.get(`http://a/records/${key}`, [1], () => {
        builds.push(key)
        return represent(body(key), 0)
      })
    for (const key of [1, 2, 3, 4]) read(key)
    read(1) // used again: now the most recent
    for (const key of [5, 6]) read(key)
    builds.length = 0
    read(1)
    read(2)
    expect(builds).toEqual([2])
  })
})
