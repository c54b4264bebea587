import { execFileSync } from 'node:child_process'
import { createBlogApi } from '../blog/index.js'
import type { HalApiDefinition } from '../definition/api.js'
import { compileApi } from '../model/compile.js'
import { printable } from '../remote/printable.js'
import { leftoversOf, verifyWith } from '../verify/engine.js'
import { cleanupLeftovers, writeLeftovers, writeLeftoversNow } from '../verify/leftovers.js'
import { counted, formatReport, junitReport } from '../verify/report.js'
import { closeRules, isRule, ruleCatalogue, skippedRules } from '../verify/rules.js'
import type { VerifyRun } from '../verify/run.js'
import {
  VERIFY_RULES,
  type VerifyOptions,
  type VerifyProgress,
  type VerifyRule,
} from '../verify/types.js'
import { apiModule, headerLines, httpUrl, namedValues } from './args.js'
import {
  type CommandLine,
  type CommandSpec,
  flag,
  helpOf,
  list,
  parseCommand,
  text,
  UsageError,
  usageFailed,
  whole,
} from './parse.js'

/** `halyard-mock verify`'s options, as data: `--help` is made from them. */
const VERIFY = {
  name: 'halyard-mock verify',
  summary: 'check a running HAL server against an API definition, by its links',
  usage: [
    '<api-root-url> [--api <module>] [options]',
    '--cleanup <file> [--api <module>] [--token-env NAME | --header …]',
    '--list-rules [--api <module>]',
  ],
  about:
    'Reads from the root by the links: pages, records, links, CURIEs, media types, validators, HEAD, 406, Allow/405 and HAL-FORMS. Then writes only on records it creates itself (unless --read-only), and deletes them again, on failure and on Ctrl-C too. Exit 0: no failure; 1: failures; 2: usage, or a root that is no HAL document; 130: Ctrl-C.',
  positionals: true,
  options: {
    api: text(
      '<module>',
      'the definition to check against: a module default-exporting an API made with defineHalApi (default: the Blog API v1.2)',
    ),
    'read-only': flag('read only: no write at all'),
    header: list(
      "'Name: value'",
      'send this header with every request (repeatable); never printed',
    ),
    'token-env': text('<NAME>', 'the token that may write, from this environment variable'),
    'token-command': text(
      '<cmd>',
      "the token that may write, from this command's output (run without a shell)",
    ),
    // The defaults said here are the run's (verify/run.ts).
    'max-requests': whole('<n>', [1, 10_000_000], 'requests in all, cleanup aside (default 5000)'),
    rate: whole('<n>', [1, 10_000], 'requests per second (default: no limit)'),
    'max-time': whole(
      '<s>',
      [1, 86_400],
      'seconds the run may take before it stops and cleans up (default 300)',
    ),
    pages: whole('<n>', [1, 1_000_000], 'pages read per list by following next (default 50)'),
    samples: whole('<n>', [1, 10_000], 'records read by their own URL per collection (default 3)'),
    seed: whole('<n>', [0, 2 ** 31], 'seed of the generated bodies (default 1)'),
    var: list(
      'name=value',
      "value of a templated link's variable (repeatable; an id is tried as 1)",
    ),
    reset: text('<url>', 'POST to this URL before the run (only if your server offers a reset)'),
    skip: list(
      '<rule>',
      'do not check this rule, for a known difference (repeatable); listed as skipped in every report',
    ),
    'list-rules': flag('list the rules the definition makes, per collection, then exit'),
    reporter: text('<name>', 'human, json or junit, on stdout', {
      default: 'human',
      choices: ['human', 'json', 'junit'],
    }),
    leftovers: text('<file>', 'where to list records it could not delete', {
      default: 'halyard-verify-leftovers.json',
    }),
    cleanup: text('<file>', 'delete the records a leftovers file lists, then exit'),
    quiet: flag('no progress line'),
  },
} as const satisfies CommandSpec

type VerifyLine = CommandLine<typeof VERIFY.options>

/** The rules a definition makes, per collection, each with the model's statement it comes from. */
function listRules(definition: HalApiDefinition): string {
  const model = compileApi(definition)
  const skipped = new Map(skippedRules(definition.promises).map((s) => [s.rule, s.reason]))
  const lines = [`The rules of ${model.title} (skip one with --skip <rule>):`]
  let collection = ''
  for (const entry of ruleCatalogue(model)) {
    if (entry.collection !== collection) {
      collection = entry.collection
      lines.push('', printable(collection))
    }
    const skip = skipped.get(entry.rule)
    lines.push(
      `  ${entry.rule}: ${VERIFY_RULES[entry.rule]}${skip ? ` (skipped: ${skip})` : ''}`,
      `      from: ${entry.statement}`,
    )
  }
  return lines.join('\n')
}

async function definitionOf(file: string | undefined): Promise<HalApiDefinition> {
  return file === undefined ? createBlogApi().definition : (await apiModule(file)).definition
}

/** The token, from an environment variable or a command's output; never printed. */
function tokenOf(env: string | undefined, command: string | undefined): string | undefined {
  if (env !== undefined) {
    const value = process.env[env]
    if (!value) throw new UsageError(`--token-env: the environment variable ${env} is empty`)
    return value.trim()
  }
  if (command !== undefined) {
    const [file, ...args] = command.split(/\s+/).filter(Boolean)
    if (file === undefined) throw new UsageError('--token-command is empty')
    try {
      return execFileSync(file, args, {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim()
    } catch {
      throw new UsageError('--token-command failed (its output is not shown)')
    }
  }
  return undefined
}

/** The rules named by --skip; a usage error naming the close ones for a name that is none. */
function skippedByName(names: readonly string[]): VerifyRule[] {
  for (const name of names) {
    if (isRule(name)) continue
    const close = closeRules(name)
    throw new UsageError(
      `--skip: there is no rule "${name}"${close.length > 0 ? `; close names: ${close.join(', ')}` : ''} (--list-rules lists them)`,
    )
  }
  return names as VerifyRule[]
}

/** What `halyard-mock verify` is asked to run, read from its command line once. */
type VerifyCommand = ReturnType<typeof verifyCommand>

/** A run (or a cleanup) from its command line: its URL checked, its limits in the run's units. */
function verifyCommand({ values, positionals }: VerifyLine) {
  if (values.cleanup === undefined && positionals.length !== 1) {
    throw new UsageError('verify takes one API root URL')
  }
  const url = positionals[0]
  // As given: the run resolves it itself.
  if (url !== undefined) httpUrl(url)
  const maxTime = values['max-time']
  const limits = {
    maxRequests: values['max-requests'],
    rate: values.rate,
    maxTime: maxTime === undefined ? undefined : maxTime * 1000,
    pages: values.pages,
    samples: values.samples,
    seed: values.seed,
  }
  return {
    url,
    api: values.api,
    reporter: values.reporter,
    readOnly: values['read-only'],
    headers: headerLines(values.header),
    tokenEnv: values['token-env'],
    tokenCommand: values['token-command'],
    limits: Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)),
    variables: Object.fromEntries(namedValues(values.var)),
    reset: values.reset,
    skip: skippedByName(values.skip),
    leftovers: values.leftovers,
    cleanup: values.cleanup,
    quiet: values.quiet,
  }
}

/** A progress line on stderr: redrawn on a terminal, a line now and then otherwise (CI logs). */
function progressLine(): (progress: VerifyProgress) => void {
  const tty = process.stderr.isTTY === true
  let last = 0
  return ({ requests, failures, warnings, elapsed }) => {
    const now = Date.now()
    if (now - last < (tty ? 100 : 2000)) return
    last = now
    const line = `verify: ${counted(requests, 'request')}, ${counted(failures, 'failure')}, ${counted(warnings, 'warning')}, ${(elapsed / 1000).toFixed(1)} s`
    process.stderr.write(tty ? `\r${line} ` : `${line}\n`)
  }
}

/**
 * Runs `halyard-mock verify …`. Returns the exit code: 0 no failure, 1 failures (or records left
 * behind), 2 a usage error or a root that is no HAL document, 130 stopped by Ctrl-C.
 *
 * @example
 * process.exitCode = await runVerify(['http://127.0.0.1:4010/api/v1.2', '--read-only'])
 */
export async function runVerify(argv: readonly string[]): Promise<number> {
  let command: VerifyCommand
  let definition: HalApiDefinition
  let token: string | undefined
  try {
    const line = parseCommand(VERIFY, argv)
    if (line === 'help') {
      console.log(helpOf(VERIFY))
      return 0
    }
    if (line.values['list-rules']) {
      skippedByName(line.values.skip)
      console.log(listRules(await definitionOf(line.values.api)))
      return 0
    }
    command = verifyCommand(line)
    definition = await definitionOf(command.api)
    token = tokenOf(command.tokenEnv, command.tokenCommand)
  } catch (error) {
    if (error instanceof UsageError) return usageFailed(VERIFY, error)
    throw error
  }
  const credentials = { headers: command.headers, ...(token === undefined ? {} : { token }) }
  if (command.cleanup !== undefined) return cleanup(command.cleanup, definition, credentials)
  return check(command, { api: definition, ...credentials })
}

/** `--cleanup <file>`: deletes what a leftovers file lists, and lists again what is still left. */
async function cleanup(
  file: string,
  api: HalApiDefinition,
  credentials: { readonly headers: Record<string, string>; readonly token?: string },
): Promise<number> {
  const cleaned = await cleanupLeftovers(file, { api, ...credentials }).catch((error: unknown) => {
    // A file that is not a leftovers file (no JSON, no API URL) is a usage mistake.
    console.error(
      `halyard-mock verify: --cleanup ${printable(file)}: ${printable((error as Error).message)}`,
    )
    return undefined
  })
  if (cleaned === undefined) return 2
  const { url, deleted, left } = cleaned
  console.log(`Deleted ${counted(deleted.length, 'record')}; ${left.length} left.`)
  for (const record of left) console.log(`  left: ${printable(record)}`)
  if (left.length > 0) await writeLeftovers(file, { url, leftovers: left })
  return left.length > 0 ? 1 : 0
}

/** The run: its report on stdout in the reporter asked for, what it left in --leftovers. */
async function check(
  parsed: VerifyCommand,
  given: Pick<VerifyOptions, 'api' | 'headers' | 'token'>,
): Promise<number> {
  // Ctrl-C stops the run, which then deletes what it created; a second one quits at once, with
  // what is left listed first.
  const controller = new AbortController()
  let running: VerifyRun | undefined
  const interrupt = () => {
    if (controller.signal.aborted) {
      const leftovers = running === undefined ? [] : leftoversOf(running)
      if (running !== undefined && leftovers.length > 0) {
        writeLeftoversNow(parsed.leftovers, { url: running.base, leftovers })
        process.stderr.write(
          `verify: ${leftovers.length} records left; listed in ${parsed.leftovers}\n`,
        )
      }
      process.exit(130)
    }
    process.stderr.write('\nverify: stopping, deleting the records it created…\n')
    controller.abort()
  }
  process.on('SIGINT', interrupt)
  const options: VerifyOptions = {
    url: parsed.url as string,
    ...given,
    readOnly: parsed.readOnly,
    ...parsed.limits,
    variables: parsed.variables,
    ...(parsed.reset === undefined ? {} : { reset: parsed.reset }),
    ...(parsed.skip.length > 0 ? { skip: parsed.skip } : {}),
    signal: controller.signal,
    ...(parsed.quiet ? {} : { onProgress: progressLine() }),
  }
  try {
    const report = await verifyWith(options, (run) => {
      running = run
    })
    if (!parsed.quiet && process.stderr.isTTY) process.stderr.write('\n')
    if (report.leftovers.length > 0) await writeLeftovers(parsed.leftovers, report)
    const out =
      parsed.reporter === 'json'
        ? JSON.stringify(report, null, 2)
        : parsed.reporter === 'junit'
          ? junitReport(report)
          : formatReport(report)
    process.stdout.write(`${out}\n`)
    if (report.leftovers.length > 0) {
      console.error(
        `verify: ${report.leftovers.length} records it created are left; listed in ${parsed.leftovers} (halyard-mock verify --cleanup ${parsed.leftovers})`,
      )
    }
    if (controller.signal.aborted) return 130
    if (report.unreachable !== undefined) {
      console.error(`verify: ${report.unreachable}: nothing else checked`)
      return 2
    }
    return report.ok && report.leftovers.length === 0 ? 0 : 1
  } finally {
    process.off('SIGINT', interrupt)
  }
}
