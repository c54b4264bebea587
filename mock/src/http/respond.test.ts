import { describe, expect, it } from 'vitest'
import { MEMO_BUDGETS } from '../memory/byte-lru.js'
import { type Representation, RepresentationMemo, represent } from './respond.js'

describe('RepresentationMemo', () => {
  const record = { id: 1, title: 'First' }

  it('builds a representation once while its inputs stay the same', () => {
    const memo = new RepresentationMemo<typeof record>('articles')
    let builds = 0
    const build = (): Representation => {
      builds++
      return represent(record, 0)
    }
    const first = memo.get(record, ['origin', record.title], build)
    expect(memo.get(record, ['origin', record.title], build)).toBe(first)
    expect(builds).toBe(1)
  })

  it('builds again when any input differs, as after an edit in place', () => {
    const memo = new RepresentationMemo<{ id: number; title: string }>('articles')
    const edited = { ...record }
    const first = memo.get(edited, [edited.title], () => represent(edited, 0))
    edited.title = 'Edited'
    const second = memo.get(edited, [edited.title], () => represent(edited, 0))
    expect(second).not.toBe(first)
    expect(JSON.parse(second.json).title).toBe('Edited')
    expect(second.etag).not.toBe(first.etag)
  })

  it('does not keep a representation larger than its byte budget', () => {
    const memo = new RepresentationMemo<string>('pages')
    const huge = { content: 'x'.repeat(MEMO_BUDGETS.pages) }
    let builds = 0
    const build = () => {
      builds++
      return represent(huge, 0)
    }
    memo.get('page', [], build)
    memo.get('page', [], build)
    expect(builds).toBe(2)
  })

  it('evicts the least recently used entries once their bytes pass the budget', () => {
    const memo = new RepresentationMemo<number>('articles')
    // Each entry is counted at about 200 KiB: five fit in the 1 MiB budget, six do not.
    const body = (key: number) => ({ key, content: 'x'.repeat(100 * 1024) })
    const builds: number[] = []
    const read = (key: number) =>
      memo.get(key, [], () => {
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
