/** What the bounds read the time by; a test hands in a clock of its own. */
export interface RemoteClock {
  now(): number
  sleep(ms: number): Promise<void>
}

/** The clock of the wall. */
export const REAL_CLOCK: RemoteClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/**
 * Spaces requests by a rate (per second), concurrent ones too: each takes the next free slot.
 *
 * @example
 * const pace = new Pace(REAL_CLOCK, 4)
 * await pace.next() // at once; the next call waits 250 ms
 */
export class Pace {
  #nextSlot = 0

  constructor(
    private readonly clock: RemoteClock,
    private readonly rate: number | undefined,
  ) {}

  /** Resolves when the next request may go. */
  async next(): Promise<void> {
    if (!this.rate) return
    const now = this.clock.now()
    const slot = Math.max(this.#nextSlot, now)
    this.#nextSlot = slot + 1000 / this.rate
    if (slot > now) await this.clock.sleep(slot - now)
  }
}
