import type { Implementation } from '../implementation.js'
import type { LoadGenerator } from '../load/index.js'
import type { PartName, Timing } from '../options.js'
import type { Goal, Table } from '../report.js'

/** What every part is given. */
export interface RunContext {
  readonly timing: Timing
  readonly implementation: Implementation
  readonly load: LoadGenerator
  /** One line of progress, on stderr (stdout carries the tables). */
  progress(line: string): void
}

/** What a part measured: tables, goals and the figures behind them. */
export interface PartOutcome {
  readonly tables: readonly Table[]
  readonly goals: readonly Goal[]
  readonly figures: unknown
}

/** One part of the bench. */
export interface Part {
  readonly name: PartName
  readonly title: string
  run(context: RunContext): Promise<PartOutcome>
}
