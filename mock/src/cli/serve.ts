import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
// The Blog API, the default, through its public entry as any API's module would.
import { createBlogApi, parseSeed, SeedError } from '../blog/index.js'
import type { BlogServerOptions } from '../blog/shells/server.js'
import { tokenHint } from '../definition/tokens.js'
import { printable } from '../remote/printable.js'
import type { HalApi } from '../serve/api.js'
import { corsOrigin } from '../shells/common/cors.js'
import type { HalServerOptions } from '../shells/server/options.js'
import { createHalServer, type HalServer } from '../shells/server/server.js'
import { loadRecords, parseRecordsFile } from '../store/records-file.js'
import { apiModule } from './args.js'
import { stopWithProcess } from './lifetime.js'
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

/** `halyard-mock`'s options, as data: `--help` is made from them. */
const SERVE = {
  name: 'halyard-mock',
  summary: 'the Blog API v1.2 mock, or any API made with defineHalApi, as a real HTTP server',
  usage: [
    '[options]',
    '--api <module> [--data, --persist, --delay, --port, --host, --allowed-hosts, …]',
    'record <root-url> --out <dir>   (record a live HAL API: record --help)',
    'verify <api-root-url> [--api <module>]   (check a server: verify --help)',
  ],
  positionals: false,
  options: {
    port: whole(
      '<n>',
      [0, 65_535],
      'port to listen on (default: $PORT or 4010; 0 picks a free one)',
      {
        env: 'PORT',
      },
    ),
    host: text('<address>', 'interface to bind (default: 127.0.0.1)'),
    articles: whole(
      '<n>',
      [0, 10_000_000],
      'articles in blog 1 of the built-in seed (default: 42)',
    ),
    data: text(
      '<file.json>',
      "records from a file instead of the seed: with --api, an object of arrays by collection name, each record with its id (json-server's db.json); for the Blog, its blogs, articles, comments and persons",
    ),
    persist: text(
      '<file.json>',
      'keep the records in this file across restarts: read at start when it exists (then --data is not read), written after writes (atomically)',
    ),
    'protect-reads': flag('require a known access token on reads too'),
    delay: whole('<ms>', [0, 10_000], 'wait this long before every answer (0 to 10000)'),
    api: text(
      '<module>',
      "serve the API a module default-exports (made with defineHalApi) instead of the Blog API (.ts too, with its own folder's or package's tsconfig.json only)",
    ),
    'allowed-hosts': text(
      '<a,b>',
      'Host names answered besides localhost, *.localhost, 127.x.x.x, [::1] and the bound address (.example.com: its subdomains too; all: any host)',
    ),
    'cors-origin': list(
      '<origin>',
      'let pages on this origin read answers, with credentials (repeatable; * for any origin, without credentials); loopback origins always may',
    ),
    'request-timeout': whole(
      '<ms>',
      [0, 600_000],
      'time a client has to send a whole request (default 15000; 0: no limit)',
    ),
  },
  footer:
    "Admin: POST /__admin/reset (Content-Type: application/json) restores the seed (not --data's records; with --persist, written to the file) and empties the request list; GET /__admin/requests lists recent requests, secrets redacted. Both answer only this origin and trusted origins (loopback, --cors-origin), and need a token with --protect-reads.\nHAL explorer: open the server's / in a browser to browse the API by its links.",
} as const satisfies CommandSpec

/** What the command line asks for: the Blog API with its options, or another API. */
type Command =
  | { readonly kind: 'blog'; readonly options: BlogServerOptions }
  | { readonly kind: 'api'; readonly api: HalApi; readonly options: HalServerOptions }

type ServeLine = CommandLine<typeof SERVE.options>['values']

// A path is the user's, from where they typed it (`npm start` runs in the package's folder).
const here = (file: string | undefined) =>
  file === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), file)

/** The server's own options, whichever API it serves. */
function serverOptions(values: ServeLine): HalServerOptions {
  const { port, host, 'request-timeout': requestTimeout } = values
  const hostList = values['allowed-hosts']
  const allowedHosts =
    hostList === 'all'
      ? true
      : hostList
          ?.split(',')
          .map((name) => name.trim())
          .filter(Boolean)
  const corsOrigins = values['cors-origin']
  for (const origin of corsOrigins) {
    try {
      corsOrigin(origin)
    } catch (error) {
      throw new UsageError(
        `--cors-origin: ${(error as Error).message.replace(/^corsOrigins: /, '')}`,
      )
    }
  }
  const persist = here(values.persist)
  return {
    ...(persist === undefined ? {} : { persist }),
    ...(port === undefined ? {} : { port }),
    ...(host === undefined ? {} : { host }),
    ...(requestTimeout === undefined ? {} : { requestTimeout }),
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
    ...(corsOrigins.length === 0 ? {} : { corsOrigins }),
  }
}

/** A --data file's records, read as a records file; a usage error naming what is wrong. */
async function readData(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new UsageError(`--data: cannot read ${file}: ${(error as Error).message}`)
  }
  try {
    return parseRecordsFile(text, file)
  } catch (error) {
    throw new UsageError(`--data ${(error as Error).message}`)
  }
}

/** The --data file to read, unless a --persist file already holds the records (a restart). */
function dataToRead(values: ServeLine, server: HalServerOptions): string | undefined {
  const dataFile = here(values.data)
  return server.persist && existsSync(server.persist) ? undefined : dataFile
}

async function apiCommand(apiFile: string, values: ServeLine): Promise<Command> {
  const server = serverOptions(values)
  const blogOnly = (['articles', 'protect-reads'] as const).filter(
    (name) => values[name] !== undefined && values[name] !== false,
  )
  if (blogOnly.length > 0) {
    throw new UsageError(`--${blogOnly[0]} is a Blog API option; with --api, the module defines it`)
  }
  const api = await apiModule(apiFile)
  const dataFile = dataToRead(values, server)
  if (dataFile !== undefined) {
    try {
      await loadRecords(api, await readData(dataFile))
    } catch (error) {
      if (error instanceof UsageError) throw error
      throw new UsageError(`--data ${dataFile}: ${(error as Error).message}`)
    }
  }
  const { delay } = values
  return { kind: 'api', api, options: { ...server, ...(delay === undefined ? {} : { delay }) } }
}

async function blogCommand(values: ServeLine): Promise<Command> {
  const server = serverOptions(values)
  const dataFile = dataToRead(values, server)
  let seed: BlogServerOptions['seed']
  if (dataFile !== undefined) {
    const json = await readData(dataFile)
    try {
      seed = parseSeed(json)
    } catch (error) {
      const reason = error instanceof SeedError ? error.message : String(error)
      throw new UsageError(`--data ${dataFile}: ${reason}`)
    }
  }
  const { articles, delay } = values
  const options = {
    ...server,
    ...(articles === undefined ? {} : { articles }),
    ...(delay === undefined ? {} : { delay }),
    ...(seed === undefined ? {} : { seed }),
    protectReads: values['protect-reads'],
  }
  return { kind: 'blog', options }
}

/**
 * Runs `halyard-mock [options]`: serves the Blog API, or the API `--api` names, until the process
 * ends. Returns 0 after `--help`, 2 after a usage error (printed), nothing while it serves.
 *
 * @example
 * await runServe(['--port', '0', '--api', 'recorded/api.ts'])
 */
export async function runServe(argv: readonly string[]): Promise<number | undefined> {
  let command: Command
  try {
    const line = parseCommand(SERVE, argv)
    if (line === 'help') {
      console.log(helpOf(SERVE))
      return 0
    }
    const apiFile = line.values.api
    command =
      apiFile === undefined
        ? await blogCommand(line.values)
        : await apiCommand(apiFile, line.values)
  } catch (error) {
    if (error instanceof UsageError) return usageFailed(SERVE, error)
    throw error
  }
  await serve(command)
  return undefined
}

/** Starts the server for a command, prints where it listens and how to try it, stops with the process. */
async function serve(command: Command): Promise<void> {
  // The Blog API unless --api names another; either way, the one server.
  const blog = command.kind === 'blog'
  // --delay is the server's, whichever API it serves: the Blog API gets none of its own.
  const { delay: _, ...blogOptions } = command.options as BlogServerOptions
  const api = command.kind === 'blog' ? createBlogApi(blogOptions) : command.api
  const server: HalServer<object> = await createHalServer(api, command.options)
  const { definition } = api
  console.log(printable(`${definition.title ?? 'HAL API'} mock listening on ${server.url}`))
  const token = tokenHint(definition)
  const protectReads = definition.protectReads === true
  // With protected reads the token is for every request, and the suggested curl must carry it.
  const reads = protectReads && token !== undefined
  if (token !== undefined) {
    console.log(`${reads ? 'Token (reads too)' : 'Write token'}: X-Access-Token: ${token}`)
  } else if (command.kind === 'api' && !command.api.definition.authenticate) {
    console.log('Read-only: the definition names no token (tokens: []), so every write is a 401')
  }
  const header = reads ? `-H 'X-Access-Token: ${token}' ` : ''
  console.log(`Try: curl ${header}${server.url}${blog ? '/blogs/1' : ''}`)
  console.log(`HAL explorer: ${server.origin}/`)
  if (command.options.persist) console.log(`Records kept in: ${command.options.persist}`)
  stopWithProcess(() => server.close())
}
