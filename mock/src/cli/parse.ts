import { parseArgs } from 'node:util'
import { printable } from '../remote/printable.js'

/** A command-line mistake of any `halyard-mock` command: printed with its usage hint, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

interface Described {
  /** What `--help` says of it, one sentence or two; wrapped when printed. */
  readonly help: string
}

/** An option that is there or not: `--quiet`. */
export interface FlagOption extends Described {
  readonly kind: 'flag'
  readonly short?: string
}

/** An option with one value, the last given: `--out <dir>`; `choices` when only some may be. */
export interface TextOption<C extends string = string> extends Described {
  readonly kind: 'text'
  readonly value: string
  readonly default?: C
  readonly choices?: readonly C[]
}

/** An option given any number of times, its values in order: `--header 'Name: value'`. */
export interface ListOption extends Described {
  readonly kind: 'list'
  readonly value: string
}

/** A whole number from `min` to `max`: `--depth <n>`; `env` names a variable read when it is not given. */
export interface WholeOption extends Described {
  readonly kind: 'whole'
  readonly value: string
  readonly min: number
  readonly max: number
  readonly env?: string
}

/** One option of a command, as data: its kind, its value's placeholder, its help, its default. */
export type OptionSpec = FlagOption | TextOption | ListOption | WholeOption

/** A command's options by name (`'max-requests'`, without the dashes). */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>

/** What a command line says of one option, normalized: a flag's boolean, a list's values, a number. */
export type OptionValue<S extends OptionSpec> = S extends FlagOption
  ? boolean
  : S extends ListOption
    ? string[]
    : S extends WholeOption
      ? number | undefined
      : S extends TextOption<infer C>
        ? S extends { readonly default: string }
          ? C
          : C | undefined
        : never

/** A command: its name as typed, what its `--help` prints around its options, and the options. */
export interface CommandSpec<O extends OptionSpecs = OptionSpecs> {
  /** As a user types it: `halyard-mock record`. */
  readonly name: string
  readonly summary: string
  /** The usage lines, each after the command's name. */
  readonly usage: readonly string[]
  /** A paragraph between the usage and the options. */
  readonly about?: string
  /** A paragraph after the options. */
  readonly footer?: string
  /** Whether it takes arguments besides its options (a root URL). */
  readonly positionals: boolean
  readonly options: O
}

/** A command line read against its command: the options' values and the other arguments. */
export interface CommandLine<O extends OptionSpecs> {
  readonly values: { readonly [K in keyof O]: OptionValue<O[K]> }
  readonly positionals: readonly string[]
}

/**
 * A flag option.
 *
 * @example
 * const quiet = flag('no progress display')
 */
export function flag(help: string): FlagOption {
  return { kind: 'flag', help }
}

/**
 * An option with one value; with `default`, its value when not given (and `--help` says so); with
 * `choices`, the only values it takes.
 *
 * @example
 * const reporter = text('<name>', 'human, json or junit, on stdout', {
 *   default: 'human',
 *   choices: ['human', 'json', 'junit'],
 * })
 */
export function text<const C extends string>(
  value: string,
  help: string,
  more: { readonly default: C; readonly choices?: readonly C[] },
): TextOption<C> & { readonly default: C }
export function text<const C extends string = string>(
  value: string,
  help: string,
  more?: { readonly choices?: readonly C[] },
): TextOption<C>
export function text(
  value: string,
  help: string,
  more: { readonly default?: string; readonly choices?: readonly string[] } = {},
): TextOption {
  return { kind: 'text', value, help, ...more }
}

/**
 * A repeatable option.
 *
 * @example
 * const header = list("'Name: value'", 'send this header with every request (repeatable)')
 */
export function list(value: string, help: string): ListOption {
  return { kind: 'list', value, help }
}

/**
 * A whole-number option from `min` to `max`.
 *
 * @example
 * const depth = whole('<n>', [0, 1000], 'link hops from the root (default 8)')
 */
export function whole(
  value: string,
  [min, max]: readonly [number, number],
  help: string,
  more: { readonly env?: string } = {},
): WholeOption {
  return { kind: 'whole', value, min, max, help, ...more }
}

/**
 * An option's whole number from `min` to `max`, `undefined` when it is not given.
 *
 * @example
 * wholeNumber('port', '4010', 0, 65535) // 4010
 */
export function wholeNumber(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value >= min && value <= max)) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${raw}"`)
  }
  return value
}

const HELP: FlagOption = { kind: 'flag', short: 'h', help: 'show this help' }

/**
 * Reads a command line against a command's options (node's `util.parseArgs`, then the checks of
 * its tokens here, so that every command refuses the same mistakes with the same words), or
 * `'help'` for `-h`/`--help`. Every mistake is a `UsageError`.
 *
 * @example
 * const line = parseCommand(RECORD, ['http://127.0.0.1:4010/api', '--out', 'recorded'])
 * if (line !== 'help') line.values.out // 'recorded'
 */
export function parseCommand<O extends OptionSpecs>(
  command: CommandSpec<O>,
  argv: readonly string[],
): CommandLine<O> | 'help' {
  const specs: OptionSpecs = { ...command.options, help: HELP }
  const { tokens } = parseArgs({
    args: [...argv],
    // Not strict: node's messages would name its own API; the tokens are checked below instead.
    strict: false,
    allowPositionals: true,
    tokens: true,
    options: Object.fromEntries(
      Object.entries(specs).map(([name, spec]) => [
        name,
        {
          type: spec.kind === 'flag' ? 'boolean' : 'string',
          ...(spec.kind === 'list' ? { multiple: true } : {}),
          ...(spec.kind === 'flag' && spec.short ? { short: spec.short } : {}),
        } as const,
      ]),
    ),
  })
  const given = new Map<string, string[]>()
  const positionals: string[] = []
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue
    if (token.kind === 'positional') {
      if (!command.positionals) {
        throw new UsageError(`unexpected argument "${token.value}" (the options start with --)`)
      }
      positionals.push(token.value)
      continue
    }
    const spec = Object.hasOwn(specs, token.name) ? specs[token.name] : undefined
    if (spec === undefined) throw new UsageError(`unknown option ${token.rawName}`)
    given.set(token.name, [...(given.get(token.name) ?? []), optionValue(spec, token)])
  }
  if (given.has('help')) return 'help'
  const values = Object.fromEntries(
    Object.entries(command.options).map(([name, spec]) => [
      name,
      normalized(name, spec, given.get(name) ?? []),
    ]),
  )
  return { values: values as CommandLine<O>['values'], positionals }
}

interface OptionToken {
  readonly rawName: string
  readonly value?: string | undefined
  readonly inlineValue?: boolean | undefined
}

/** The one value a token gives its option; a usage error for a value missing or one too many. */
function optionValue(spec: OptionSpec, token: OptionToken): string {
  const { rawName, value, inlineValue } = token
  if (spec.kind === 'flag') {
    if (value !== undefined) throw new UsageError(`${rawName} takes no value`)
    return ''
  }
  if (value === undefined)
    throw new UsageError(`${rawName} needs a value: ${rawName} ${spec.value}`)
  // `--out --quiet` is a forgotten value, not a folder named --quiet (as node's strict mode says).
  if (!inlineValue && value.length > 1 && value.startsWith('-')) {
    throw new UsageError(
      `${rawName} needs a value: ${rawName} ${spec.value} (a value starting with - is written ${rawName}=${value})`,
    )
  }
  return value
}

/** An option's value from what the command line gave it (in order), its default, or its variable. */
function normalized(name: string, spec: OptionSpec, given: readonly string[]): unknown {
  const last = given.at(-1)
  switch (spec.kind) {
    case 'flag':
      return given.length > 0
    case 'list':
      return [...given]
    case 'whole':
      return wholeNumber(
        name,
        last ?? (spec.env === undefined ? undefined : process.env[spec.env]),
        spec.min,
        spec.max,
      )
    case 'text': {
      if (last !== undefined && spec.choices && !spec.choices.includes(last)) {
        throw new UsageError(`--${name} must be ${alternatives(spec.choices)}, not "${last}"`)
      }
      return last ?? spec.default
    }
  }
}

const alternatives = (choices: readonly string[]) =>
  choices.length < 2
    ? (choices[0] ?? '')
    : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`

const WIDTH = 100

/**
 * A command's `--help`, made from its declaration: summary, usage, the options with their help
 * wrapped beside them (a default the command supplies said after it), and the footer.
 *
 * @example
 * console.log(helpOf(RECORD))
 */
export function helpOf(command: CommandSpec): string {
  const specs: OptionSpecs = { ...command.options, help: HELP }
  const rows = Object.entries(specs).map(([name, spec]) => {
    const label =
      spec.kind === 'flag'
        ? `${spec.short ? `-${spec.short}, ` : ''}--${name}`
        : `--${name} ${spec.value}`
    const fallback =
      spec.kind === 'text' && spec.default !== undefined ? ` (default ${spec.default})` : ''
    return { label, help: `${spec.help}${fallback}` }
  })
  const column = Math.min(Math.max(...rows.map((row) => row.label.length)) + 4, 27)
  const options = rows.flatMap(({ label, help }) => {
    const lines = wrapped(help, WIDTH - column)
    const indent = ' '.repeat(column)
    const first = `  ${label}`
    // A label too long for its column stands on a line of its own, its help under it.
    const head =
      first.length < column - 1 ? [`${first.padEnd(column)}${lines.shift() ?? ''}`] : [first]
    return [...head, ...lines.map((line) => `${indent}${line}`)]
  })
  const [firstUsage, ...moreUsage] = command.usage
  return [
    `${command.name}: ${command.summary}`,
    '',
    `Usage: ${command.name} ${firstUsage ?? ''}`,
    ...moreUsage.map((line) => `       ${command.name} ${line}`),
    ...(command.about === undefined ? [] : ['', ...wrapped(command.about, WIDTH)]),
    '',
    'Options:',
    ...options,
    ...(command.footer === undefined ? [] : ['', ...wrapped(command.footer, WIDTH)]),
  ].join('\n')
}

/** Text in lines of at most `width` characters, broken at spaces and where it says `\n`. */
function wrapped(text: string, width: number): string[] {
  return text.split('\n').flatMap((paragraph) => {
    const lines: string[] = []
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line)
        line = word
      } else line = line ? `${line} ${word}` : word
    }
    return line ? [...lines, line] : lines
  })
}

/**
 * The one way a command line's mistake ends: one line naming it, the hint to `--help`, exit code 2.
 *
 * @example
 * return usageFailed(RECORD, new UsageError('record needs --out <dir> (or --check <dir>)'))
 */
export function usageFailed(command: Pick<CommandSpec, 'name'>, error: UsageError): 2 {
  console.error(
    `${command.name}: ${printable(error.message)}\nRun ${command.name} --help for the options.`,
  )
  return 2
}
