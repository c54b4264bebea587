import { describe, expect, it } from 'vitest'
import { linkPointers } from './link-pointers.js'

type Order = {
  customerId: number
  lines: { productId: number; quantity: number }[]
  tags?: number[]
}
const order: Order = {
  customerId: 1,
  lines: [
    { productId: 1, quantity: 1 },
    { productId: 1, quantity: 2 },
  ],
  tags: [5, 6],
}
const of = (ids: (o: Order) => readonly number[]) => linkPointers(order, ids as never)

describe('linkPointers', () => {
  it('points at the member an id was read from', () => {
    expect(of((o) => [o.customerId])).toEqual(['/customerId'])
  })

  it('points at each element an id was mapped from, equal values apart', () => {
    expect(of((o) => o.lines.map((l) => l.productId))).toEqual([
      '/lines/0/productId',
      '/lines/1/productId',
    ])
  })

  it('points at the id, not at a member read before it with the same value', () => {
    expect(of((o) => (o.lines[0]?.quantity === 1 ? [o.lines[0].productId] : []))).toEqual([
      '/lines/0/productId',
    ])
  })

  it('points at the elements of an array the record hands back as is', () => {
    expect(of((o) => o.tags ?? [])).toEqual(['/tags/0', '/tags/1'])
  })

  it('says nothing of an id it never saw read', () => {
    expect(of(() => [42])).toEqual([''])
  })
})
