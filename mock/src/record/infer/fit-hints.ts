import { backtracks } from '../safe-regex.js'
import type { FormHints, Member, Shape } from './schema.js'

// A form's constraints kept only where the recorded records meet them: the emitted schema checks
// its seed when the module loads, so a constraint the API's own data breaks would stop it loading.

/**
 * A shape's members with only the form hints every recorded value satisfies, and a note for each
 * one left out: options, bounds, lengths, a whole-number step, and a `regex` that compiles, cannot
 * backtrack catastrophically (see {@link backtracks}) and matches.
 *
 * @example
 * fitHints(shape, [{ id: 1, status: 'archived' }]).refused // ['status: its options …']
 */
export function fitHints(
  shape: Shape & { kind: 'object' },
  records: readonly Record<string, unknown>[],
): { shape: Shape & { kind: 'object' }; refused: string[] } {
  const refused: string[] = []
  const members = shape.members.map((member): Member => {
    if (!member.hints) return member
    const values = records
      .map((r) => (Object.hasOwn(r, member.name) ? r[member.name] : undefined))
      .filter((v) => v !== undefined && v !== null)
    const { hints, notes } = fit(member.hints, values)
    for (const note of notes) refused.push(`${member.name}: ${note}`)
    return { ...member, hints }
  })
  return { shape: { ...shape, members }, refused }
}

function fit(hints: FormHints, values: readonly unknown[]): { hints: FormHints; notes: string[] } {
  const notes: string[] = []
  const out: { -readonly [K in keyof FormHints]: FormHints[K] } = { ...hints }
  const numbers = values.filter((v): v is number => typeof v === 'number')
  const strings = values.filter((v): v is string => typeof v === 'string')
  const drop = (name: keyof FormHints, why: string) => {
    delete out[name]
    notes.push(why)
  }
  if (hints.options && !values.every((v) => (hints.options as unknown[]).includes(v))) {
    drop('options', 'its options do not hold every recorded value')
  }
  if (hints.min !== undefined && numbers.some((n) => n < (hints.min as number))) {
    drop('min', `its min ${hints.min} is above a recorded value`)
  }
  if (hints.max !== undefined && numbers.some((n) => n > (hints.max as number))) {
    drop('max', `its max ${hints.max} is below a recorded value`)
  }
  if (hints.step === 1 && numbers.some((n) => !Number.isSafeInteger(n))) {
    drop('step', 'its step 1 (whole numbers) does not fit a recorded value')
  }
  if (
    hints.minLength !== undefined &&
    strings.some((s) => s.length < (hints.minLength as number))
  ) {
    drop('minLength', `its minLength ${hints.minLength} is above a recorded value's`)
  }
  if (
    hints.maxLength !== undefined &&
    strings.some((s) => s.length > (hints.maxLength as number))
  ) {
    drop('maxLength', `its maxLength ${hints.maxLength} is below a recorded value's`)
  }
  if (hints.regex !== undefined) {
    const pattern = compile(hints.regex)
    if (pattern === undefined) drop('regex', 'its regex does not compile')
    else if (backtracks(hints.regex)) {
      drop('regex', 'its regex could backtrack catastrophically (a repeated group that repeats)')
    } else if (strings.some((s) => !pattern.test(s))) {
      drop('regex', 'its regex does not match every recorded value')
    }
  }
  return { hints: out, notes }
}

const compile = (source: string): RegExp | undefined => {
  try {
    return new RegExp(source)
  } catch {
    return undefined
  }
}
