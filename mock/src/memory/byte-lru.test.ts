import { describe, expect, it } from 'vitest'
import { ByteLru, MEMO_BUDGETS, MEMO_TOTAL_BYTES, stringBytes } from './byte-lru.js'

describe('ByteLru', () => {
  it('holds entries until their bytes pass the budget, then drops the least recent', () => {
    const lru = new ByteLru<string, string>('etags', (value) => stringBytes(value))
    const value = 'v'.repeat(64 * 1024) // 128 KiB each: three fit in 512 KiB with the overhead
    for (const key of ['a', 'b', 'c']) lru.set(key, value)
    expect(lru.get('a')).toBe(value)
    lru.set('d', value)
    expect(lru.get('b')).toBeUndefined()
    expect(lru.get('a')).toBe(value)
    expect(lru.bytes).toBeLessThanOrEqual(MEMO_BUDGETS.etags)
  })

  it('never holds more than its budget, whatever is put in', () => {
    const lru = new ByteLru<string, string>('dates', (value, key) => stringBytes(value + key))
    for (let i = 0; i < 10_000; i++) lru.set(`key ${i}`, 'x'.repeat(i % 500))
    expect(lru.bytes).toBeLessThanOrEqual(MEMO_BUDGETS.dates)
    expect(lru.size).toBeGreaterThan(0)
  })

  it('answers a key read again with its latest value, and forgets it once it is too large', () => {
    const lru = new ByteLru<string, string>('urls', (value) => stringBytes(value))
    lru.set('k', 'first')
    expect(lru.get('k')).toBe('first')
    lru.set('k', 'second')
    expect(lru.get('k')).toBe('second')
    lru.set('k', 'x'.repeat(MEMO_BUDGETS.urls))
    expect(lru.get('k')).toBeUndefined()
  })

  it('does not keep an entry larger than the whole budget', () => {
    const lru = new ByteLru<string, string>('urls', (value) => stringBytes(value))
    lru.set('big', 'x'.repeat(MEMO_BUDGETS.urls))
    expect(lru.get('big')).toBeUndefined()
    expect(lru.size).toBe(0)
  })

  it('states a total of a few MiB', () => {
    expect(MEMO_TOTAL_BYTES).toBeLessThan(4 * 1024 * 1024)
  })
})
