/**
 * Ids in ascending order, for paging without a scan: insert and remove by binary search (new ids
 * are the largest so far, so inserting is usually an append).
 *
 * @example
 * const ids = new SortedIds()
 * ids.add(3); ids.add(1)
 * ids.slice(0, 10) // [1, 3]
 */
export class SortedIds {
  /** The ids in their first {@link SortedIds.size} slots; the slots after are room for more. */
  #ids: number[] = []
  #size = 0

  get size(): number {
    return this.#size
  }

  /**
   * Makes room for `count` more ids, so that adding them copies nothing: a million added one by
   * one copy the array each time it grows.
   */
  reserve(count: number): void {
    const needed = this.#size + count
    if (needed <= this.#ids.length) return
    const ids = new Array<number>(needed).fill(0)
    for (let i = 0; i < this.#size; i++) ids[i] = this.#ids[i] as number
    this.#ids = ids
  }

  add(id: number): void {
    const ids = this.#ids
    const size = this.#size
    if (size === 0 || (ids[size - 1] as number) < id) {
      if (size < ids.length) ids[size] = id
      else ids.push(id)
    } else {
      const at = this.#lowerBound(id)
      if (ids[at] === id) return
      if (size < ids.length) {
        ids.copyWithin(at + 1, at, size)
        ids[at] = id
      } else ids.splice(at, 0, id)
    }
    this.#size = size + 1
  }

  remove(id: number): void {
    const at = this.#lowerBound(id)
    if (at === this.#size || this.#ids[at] !== id) return
    this.#ids.copyWithin(at, at + 1, this.#size)
    this.#size -= 1
  }

  has(id: number): boolean {
    const at = this.#lowerBound(id)
    return at < this.#size && this.#ids[at] === id
  }

  slice(offset: number, limit: number): number[] {
    return this.#ids.slice(offset, Math.min(offset + limit, this.#size))
  }

  /** The first slot whose id is not below `id` (`size` if none). */
  #lowerBound(id: number): number {
    let lo = 0
    let hi = this.#size
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((this.#ids[mid] ?? 0) < id) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}
