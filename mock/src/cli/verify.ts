import { execFileSync } from 'node:child_process'
import { parseArgs } from 'node:util'
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
import { apiModule, headerLines, UsageError, wholeNumber } from './args.js'

const HELP = `halyard-mock verify: check a running HAL server against an API definition, by its links

Usage: halyard-mock verify <api-root-url> [--api <module>] [options]
       halyard-mock verify --cleanup <file> [--api <module>] [--token-env NAME | --header …]
       halyard-mock verify --list-rules [--api <module>]

Reads from the root by the links: pages, records, links, CURIEs, media types, validators, HEAD,
406, Allow/405 and HAL-FORMS. Then writes only on records it creates itself (unless --read-only),
and deletes them again, on failure and on Ctrl-C too. Exit 0: no failure; 1: failures; 2: usage,
or a root that is no HAL document; 130: Ctrl-C.

Options:
  --api <module>         the definition to check against: a module default-exporting an API made
                         with defineHalApi (default: the Blog API v1.2)
  --read-only            read only: no write at all
  --header 'Name: value' send this header with every request (repeatable); never printed
  --token-env <NAME>     the token that may write, from this environment variable
  --token-command <cmd>  the token that may write, from this command's output (run without a shell)
  --max-requests <n>     requests in all, cleanup aside (default 5000)
  --rate <n>             requests per second (default: no limit)
  --max-time <s>         seconds the run may take before it stops and cleans up (default 300)
  --pages <n>            pages read per list by following next (default 50)
  --samples <n>          records read by their own URL per collection (default 3)
  --seed <n>             seed of the generated bodies (default 1)
  --var name=value       value of a templated link's variable (repeatable; an id is tried as 1)
  --reset <url>          POST to this URL before the run (only if your server offers a reset)
  --skip <rule>          do not check this rule, for a known difference (repeatable); listed as
                         skipped in every report
  --list-rules           list the rules the definition makes, per collection, then exit
  --reporter <name>      human (default), json or junit, on stdout
  --leftovers <file>     where to list records it could not delete (default
                         halyard-verify-leftovers.json)
  --cleanup <file>       delete the records a leftovers file lists, then exit
  --quiet                no progress line
  -h, --help             show this help`

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

function parse(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      api: { type: 'string' },
      'read-only': { type: 'boolean' },
      header: { type: 'string', multiple: true },
      'token-env': { type: 'string' },
      'token-command': { type: 'string' },
      'max-requests': { type: 'string' },
      rate: { type: 'string' },
      'max-time': { type: 'string' },
      pages: { type: 'string' },
      samples: { type: 'string' },
      seed: { type: 'string' },
      var: { type: 'string', multiple: true },
      reset: { type: 'string' },
      skip: { type: 'string', multiple: true },
      'list-rules': { type: 'boolean' },
      reporter: { type: 'string' },
      leftovers: { type: 'string' },
      cleanup: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return 'help' as const
  const reporter = values.reporter ?? 'human'
  if (!['human', 'json', 'junit'].includes(reporter)) {
    throw new UsageError(`--reporter must be human, json or junit, not "${reporter}"`)
  }
  const skip = values.skip ?? []
  for (const name of skip) {
    if (isRule(name)) continue
    const close = closeRules(name)
    throw new UsageError(
      `--skip: there is no rule "${name}"${close.length > 0 ? `; close names: ${close.join(', ')}` : ''} (--list-rules lists them)`,
    )
  }
  if (values['list-rules']) return { listRules: true as const, api: values.api }
  if (values.cleanup === undefined && positionals.length !== 1) {
    throw new UsageError('verify takes one API root URL')
  }
  const url = positionals[0]
  if (url !== undefined) {
    try {
      const parsed = new URL(url)
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error()
    } catch {
      throw new UsageError(`"${url}" is no http(s) URL`)
    }
  }
  const variables: Record<string, string> = {}
  for (const pair of values.var ?? []) {
    const eq = pair.indexOf('=')
    if (eq < 1) throw new UsageError(`--var must look like name=value, not "${pair}"`)
    variables[pair.slice(0, eq)] = pair.slice(eq + 1)
  }
  const maxTime = wholeNumber('max-time', values['max-time'], 1, 86_400)
  const limits = {
    maxRequests: wholeNumber('max-requests', values['max-requests'], 1, 10_000_000),
    rate: wholeNumber('rate', values.rate, 1, 10_000),
    maxTime: maxTime === undefined ? undefined : maxTime * 1000,
    pages: wholeNumber('pages', values.pages, 1, 1_000_000),
    samples: wholeNumber('samples', values.samples, 1, 10_000),
    seed: wholeNumber('seed', values.seed, 0, 2 ** 31),
  }
  return {
    url,
    api: values.api,
    reporter: reporter as 'human' | 'json' | 'junit',
    readOnly: values['read-only'] === true,
    headers: headerLines(values.header ?? []),
    tokenEnv: values['token-env'],
    tokenCommand: values['token-command'],
    limits: Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)),
    variables,
    reset: values.reset,
    skip: skip as VerifyRule[],
    leftovers: values.leftovers ?? 'halyard-verify-leftovers.json',
    cleanup: values.cleanup,
    quiet: values.quiet === true,
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
  let parsed: Exclude<ReturnType<typeof parse>, 'help' | { listRules: true }>
  let definition: HalApiDefinition
  let token: string | undefined
  try {
    const result = parse(argv)
    if (result === 'help') {
      console.log(HELP)
      return 0
    }
    if ('listRules' in result) {
      console.log(listRules(await definitionOf(result.api)))
      return 0
    }
    parsed = result
    definition = await definitionOf(parsed.api)
    token = tokenOf(parsed.tokenEnv, parsed.tokenCommand)
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error
    console.error(
      `halyard-mock verify: ${printable((error as Error).message)}\nRun halyard-mock verify --help for the options.`,
    )
    return 2
  }
  const credentials = { headers: parsed.headers, ...(token === undefined ? {} : { token }) }
  if (parsed.cleanup !== undefined) {
    const cleaned = await cleanupLeftovers(parsed.cleanup, {
      api: definition,
      ...credentials,
    }).catch((error: unknown) => {
      // A file that is not a leftovers file (no JSON, no API URL) is a usage mistake.
      console.error(
        `halyard-mock verify: --cleanup ${printable(parsed.cleanup ?? '')}: ${printable((error as Error).message)}`,
      )
      return undefined
    })
    if (cleaned === undefined) return 2
    const { url, deleted, left } = cleaned
    console.log(`Deleted ${counted(deleted.length, 'record')}; ${left.length} left.`)
    for (const record of left) console.log(`  left: ${printable(record)}`)
    if (left.length > 0) await writeLeftovers(parsed.cleanup, { url, leftovers: left })
    return left.length > 0 ? 1 : 0
  }
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
    api: definition,
    ...credentials,
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
