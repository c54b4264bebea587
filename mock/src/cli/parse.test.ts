import { afterEach, describe, expect, it, vi } from 'vitest'
import { flag, helpOf, list, parseCommand, text, whole } from './parse.js'
import { runRecord } from './record.js'
import { runServe } from './serve.js'
import { runVerify } from './verify.js'

const COMMAND = {
  name: 'tool',
  summary: 'a command of the test',
  usage: ['<url> [options]'],
  positionals: true,
  options: {
    out: text('<dir>', 'where to write'),
    reporter: text('<name>', 'how to report', { default: 'human', choices: ['human', 'json'] }),
    header: list("'Name: value'", 'a header (repeatable)'),
    depth: whole('<n>', [0, 10], 'link hops', { env: 'PARSE_TEST_DEPTH' }),
    quiet: flag('no progress'),
  },
} as const

const parsed = (...argv: string[]) => parseCommand(COMMAND, argv)
const refusal = (...argv: string[]) => {
  try {
    parseCommand(COMMAND, argv)
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`
  }
  return 'accepted'
}

describe('the command-line parser', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('reads each kind of option, --name=value as --name value, its defaults when not given', () => {
    expect(
      parsed(
        'http://x/',
        '--out=rec',
        '--header',
        'A: 1',
        '--header=B: 2',
        '--depth',
        '3',
        '--quiet',
      ),
    ).toEqual({
      values: { out: 'rec', reporter: 'human', header: ['A: 1', 'B: 2'], depth: 3, quiet: true },
      positionals: ['http://x/'],
    })
    expect(parsed()).toEqual({
      values: { out: undefined, reporter: 'human', header: [], depth: undefined, quiet: false },
      positionals: [],
    })
  })

  it('takes a whole number from its environment variable when the option is not given, checked alike', () => {
    vi.stubEnv('PARSE_TEST_DEPTH', '7')
    expect(parsed()).toMatchObject({ values: { depth: 7 } })
    expect(parsed('--depth', '2')).toMatchObject({ values: { depth: 2 } })
    vi.stubEnv('PARSE_TEST_DEPTH', 'deep')
    expect(refusal()).toBe('UsageError: --depth must be a whole number from 0 to 10, not "deep"')
  })

  it('refuses each mistake with a usage error naming the option as typed', () => {
    expect(refusal('--bogus')).toBe('UsageError: unknown option --bogus')
    expect(refusal('-q')).toBe('UsageError: unknown option -q')
    expect(refusal('--out')).toBe('UsageError: --out needs a value: --out <dir>')
    expect(refusal('--out', '--quiet')).toBe(
      'UsageError: --out needs a value: --out <dir> (a value starting with - is written --out=--quiet)',
    )
    expect(refusal('--quiet=yes')).toBe('UsageError: --quiet takes no value')
    expect(refusal('--reporter', 'xml')).toBe(
      'UsageError: --reporter must be human or json, not "xml"',
    )
    expect(refusal('--depth', '11')).toBe(
      'UsageError: --depth must be a whole number from 0 to 10, not "11"',
    )
    expect(refusal('--toString')).toBe('UsageError: unknown option --toString')
    expect(refusal('--out=-', '--', '--quiet')).toBe('accepted')
  })

  it('refuses an argument a command without arguments is given', () => {
    const none = { ...COMMAND, positionals: false }
    expect(() => parseCommand(none, ['here'])).toThrow(
      'unexpected argument "here" (the options start with --)',
    )
  })

  it('answers -h and --help, once the rest of the line is sound', () => {
    expect(parsed('-h')).toBe('help')
    expect(parsed('http://x/', '--help', '--out', 'rec')).toBe('help')
    expect(refusal('--help', '--bogus')).toBe('UsageError: unknown option --bogus')
  })

  it('prints every option in --help, with the default it supplies', () => {
    const help = helpOf(COMMAND)
    expect(help).toContain('Usage: tool <url> [options]')
    expect(help).toMatch(/^ {2}--reporter <name> +how to report \(default human\)$/m)
    expect(help).toMatch(/^ {2}--header 'Name: value' +a header \(repeatable\)$/m)
    expect(help).toMatch(/^ {2}-h, --help +show this help$/m)
  })
})

describe('every halyard-mock command', () => {
  const printed: string[] = []
  afterEach(() => {
    vi.restoreAllMocks()
    printed.length = 0
  })
  const quietly = () => {
    vi.spyOn(console, 'error').mockImplementation((...a) => void printed.push(a.join(' ')))
    vi.spyOn(console, 'log').mockImplementation((...a) => void printed.push(a.join(' ')))
  }

  it('refuses an unknown option the same way: one line naming it, the hint to --help, exit 2', async () => {
    quietly()
    const runs = [
      ['halyard-mock', await runServe(['--port', '0', '--bogus'])],
      ['halyard-mock record', await runRecord(['http://127.0.0.1:9/', '--out', 'x', '--bogus'])],
      ['halyard-mock verify', await runVerify(['http://127.0.0.1:9/', '--bogus'])],
    ] as const
    expect(runs.map(([, code]) => code)).toEqual([2, 2, 2])
    expect(printed).toEqual(
      runs.map(([name]) => `${name}: unknown option --bogus\nRun ${name} --help for the options.`),
    )
  })

  it('takes --name=value for a value of any option', async () => {
    quietly()
    expect(await runServe(['--port=99999'])).toBe(2)
    expect(await runRecord(['http://127.0.0.1:9/', '--out=x', '--depth=many'])).toBe(2)
    expect(await runVerify(['http://127.0.0.1:9/', '--reporter=xml'])).toBe(2)
    expect(printed.map((line) => line.split('\n')[0])).toEqual([
      'halyard-mock: --port must be a whole number from 0 to 65535, not "99999"',
      'halyard-mock record: --depth must be a whole number from 0 to 1000, not "many"',
      'halyard-mock verify: --reporter must be human, json or junit, not "xml"',
    ])
  })
})
