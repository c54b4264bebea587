import { describe, expect, it } from 'vitest'
import { IdTable } from './id-table.js'

describe('IdTable', () => {
  it.each([1, 42, 2 ** 24 - 1, 2 ** 24, Number.MAX_SAFE_INTEGER])(
    'stores, finds and deletes id %d',
    (id) => {
      const table = new IdTable<string>()
      expect(table.get(id)).toBeUndefined()
      expect(table.set(id, 'a')).toBe(true)
      expect(table.set(id, 'b')).toBe(false)
      expect(table.get(id)).toBe('b')
      expect(table.delete(id)).toBe(true)
      expect(table.delete(id)).toBe(false)
      expect(table.get(id)).toBeUndefined()
    },
  )

  it('finds ids within and past the room it made', () => {
    const table = new IdTable<string>()
    table.reserve(4)
    expect(table.get(2)).toBeUndefined()
    expect(table.set(2, 'in')).toBe(true)
    expect(table.set(9, 'past')).toBe(true)
    expect([table.get(2), table.get(9), table.get(3)]).toEqual(['in', 'past', undefined])
    expect(table.delete(2)).toBe(true)
    expect(table.get(2)).toBeUndefined()
  })

  it('forgets everything on clear', () => {
    const table = new IdTable<string>()
    table.set(3, 'small')
    table.set(2 ** 40, 'large')
    table.clear()
    expect(table.get(3)).toBeUndefined()
    expect(table.get(2 ** 40)).toBeUndefined()
  })
})
