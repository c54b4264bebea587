import { describe, expect, it } from 'vitest'
import { type Representation, RepresentationMemo, represent } from './respond.js'

describe('RepresentationMemo', () => {
  const record = { id: 1, title: 'First' }

  it('builds a representation once while its inputs stay the same', () => {
    const memo = new RepresentationMemo<typeof record>()
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
    const memo = new RepresentationMemo<{ id: number; title: string }>()
    const edited = { ...record }
    const first = memo.get(edited, [edited.title], () => represent(edited, 0))
    edited.title = 'Edited'
    const second = memo.get(edited, [edited.title], () => represent(edited, 0))
    expect(second).not.toBe(first)
    expect(JSON.parse(second.json).title).toBe('Edited')
    expect(second.etag).not.toBe(first.etag)
  })

  it('keeps at most `capacity` entries', () => {
    const memo = new RepresentationMemo<object>(2)
    const keys = [{}, {}, {}]
    let builds = 0
    const build = () => {
      builds++
      return represent({}, 0)
    }
    for (const key of keys) memo.get(key, [], build)
    memo.get(keys[0] as object, [], build)
    expect(builds).toBe(4)
  })
})
