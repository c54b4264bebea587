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
  readonly #ids: number[] = []

  get size(): number {
    return this.#ids.length
  }

  add(id: number): void {
    const ids = this.#ids
    const last = ids[ids.length - 1]
    if (last === undefined || last < id) ids.push(id)
    else {
      const at = this.#lowerBound(id)
      if (ids[at] !== id) ids.splice(at, 0, id)
    }
  }

  remove(id: number): void {
    const at = this.#lowerBound(id)
    if (this.#ids[at] === id) this.#ids.splice(at, 1)
  }

  slice(offset: number, limit: number): number[] {
    return this.#ids.slice(offset, offset + limit)
  }

  #lowerBound(id: number): number {
    let lo = 0
    let hi = this.#ids.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((this.#ids[mid] ?? 0) < id) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}
