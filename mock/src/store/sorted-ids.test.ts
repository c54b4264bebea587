import { describe, expect, it } from 'vitest'
import { SortedIds } from './sorted-ids.js'

describe('SortedIds', () => {
  it.each([0, 3, 10])('keeps ids in order through adds and removes with room for %d', (room) => {
    const ids = new SortedIds()
    ids.reserve(room)
    for (const id of [5, 1, 9, 3, 7, 3]) ids.add(id)
    expect(ids.size).toBe(5)
    expect(ids.slice(0, 10)).toEqual([1, 3, 5, 7, 9])
    ids.remove(5)
    ids.remove(4)
    expect(ids.slice(0, 10)).toEqual([1, 3, 7, 9])
    expect(ids.slice(1, 2)).toEqual([3, 7])
    expect(ids.slice(4, 2)).toEqual([])
    ids.add(2)
    ids.add(11)
    expect(ids.slice(0, 10)).toEqual([1, 2, 3, 7, 9, 11])
    expect(ids.size).toBe(6)
  })

  it('keeps what it holds when room is made after ids were added', () => {
    const ids = new SortedIds()
    ids.add(2)
    ids.add(4)
    ids.reserve(3)
    ids.add(3)
    ids.add(6)
    expect(ids.slice(0, 10)).toEqual([2, 3, 4, 6])
  })
})
