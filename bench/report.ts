/**
 * The figures of a run as tables and goals: pure functions from numbers to Markdown, shared by
 * every part, so that the console, `latest.md` and `latest.json` say the same thing.
 */

/** One Markdown table: a title, a header row and rows of cells already formatted. */
export interface Table {
  readonly title: string
  readonly columns: readonly string[]
  readonly rows: readonly (readonly string[])[]
  /** Per column; default: the first left, the others (figures) right. */
  readonly align?: readonly ('left' | 'right')[]
  /** Printed under the table: what each side includes, what could not run. */
  readonly notes?: readonly string[]
}

/** A goal of the issue, with what this run measured. */
export interface Goal {
  readonly label: string
  /** The bound, as printed: `≥ 2×`, `< 5 s`. */
  readonly target: string
  /** The measured value, as printed; `—` when it could not be measured. */
  readonly measured: string
  /** `undefined` when it could not be measured. */
  readonly met: boolean | undefined
}

/** What one part of the bench gives: its tables and goals, and the raw figures for the JSON. */
export interface PartResult {
  /** The part's name, as `--only` takes it. */
  readonly part: string
  readonly title: string
  /** ISO time the part started. */
  readonly ranAt: string
  readonly seconds: number
  readonly tables: readonly Table[]
  readonly goals: readonly Goal[]
  /** Every number behind the tables, JSON-serializable. */
  readonly figures: unknown
}

/** The median of the finite values; NaN when there are none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  // An even count takes the mean of the two middle values, as statistics does.
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** `value / base`, or NaN when either is missing or the base is not positive. */
export function ratio(value: number | undefined, base: number | undefined): number {
  if (value === undefined || base === undefined || !(base > 0) || !Number.isFinite(value))
    return Number.NaN
  return value / base
}

/** The dash printed for a figure that could not be measured. */
export const MISSING = '—'

/** A number for a table: grouped thousands, `digits` decimals, a dash when not finite. */
export function formatNumber(value: number | undefined, digits = 0): string {
  if (value === undefined || !Number.isFinite(value)) return MISSING
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
}

/** A ratio for a table: `2.41×`, a dash when not finite. */
export function formatRatio(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? MISSING : `${value.toFixed(2)}×`
}

/** A byte count: `12.3 KiB` from 1 KiB on, else bytes. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return MISSING
  if (Math.abs(bytes) < 1024) return `${formatNumber(bytes)} B`
  if (Math.abs(bytes) < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} KiB`
  return `${formatNumber(bytes / 1024 / 1024, 1)} MiB`
}

/**
 * A goal checked against its bound. `unit` follows the numbers as printed (`×`, ` s`).
 *
 * @example
 * goal('GET article vs json-server', 2.4, { atLeast: 2 }) // met, printed "2.40×", "≥ 2×"
 */
export function goal(
  label: string,
  measured: number | undefined,
  bound: { atLeast: number } | { atMost: number } | { below: number },
  unit = '×',
): Goal {
  const known = measured !== undefined && Number.isFinite(measured)
  const shown = (value: number) => (unit === '×' ? formatRatio(value) : `${value}${unit}`)
  if ('atLeast' in bound)
    return {
      label,
      target: `≥ ${bound.atLeast}${unit}`,
      measured: known ? shown(round(measured)) : MISSING,
      met: known ? measured >= bound.atLeast : undefined,
    }
  if ('atMost' in bound)
    return {
      label,
      target: `≤ ${bound.atMost}${unit}`,
      measured: known ? shown(round(measured)) : MISSING,
      met: known ? measured <= bound.atMost : undefined,
    }
  return {
    label,
    target: `< ${bound.below}${unit}`,
    measured: known ? shown(round(measured)) : MISSING,
    met: known ? measured < bound.below : undefined,
  }
}

const round = (value: number) => Math.round(value * 100) / 100

/** A cell's text with the characters that would break a Markdown table escaped. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

/** A table in GitHub Markdown. */
export function markdownTable(table: Table): string {
  const header = `| ${table.columns.map(cell).join(' | ')} |`
  const align = (i: number) => table.align?.[i] ?? (i === 0 ? 'left' : 'right')
  const rule = `|${table.columns.map((_, i) => (align(i) === 'left' ? '---' : '---:')).join('|')}|`
  const rows = table.rows.map((row) => `| ${row.map(cell).join(' | ')} |`)
  const notes = table.notes?.length ? ['', ...table.notes] : []
  return [`#### ${table.title}`, '', header, rule, ...rows, ...notes].join('\n')
}

/** One line per goal: `- label: measured (goal ≥ 2×): met`. */
export function goalLines(goals: readonly Goal[]): string {
  return goals
    .map(({ label, target, measured, met }) => {
      const verdict = met === undefined ? 'not measured' : met ? '**met**' : '**not met**'
      return `- ${label}: ${measured} (goal ${target}): ${verdict}`
    })
    .join('\n')
}

/** A part as Markdown: a heading, an optional line about the run, its tables, its goals. */
export function markdownPart(result: PartResult, about?: string): string {
  const blocks = [
    `### ${result.title}`,
    ...(about ? [about] : []),
    ...result.tables.map(markdownTable),
  ]
  if (result.goals.length) blocks.push(`Goals:\n\n${goalLines(result.goals)}`)
  return blocks.join('\n\n')
}
