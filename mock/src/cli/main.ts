#!/usr/bin/env node
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
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
import { apiModule, UsageError, wholeNumber } from './args.js'
import { stopWithProcess } from './lifetime.js'

const HELP = `halyard-mock: the Blog API v1.2 mock, or any API made with defineHalApi, as a real HTTP server

Usage: halyard-mock [options]
       halyard-mock --api <module> [--data, --persist, --delay, --port, --host, --allowed-hosts, …]
       halyard-mock record <root-url> --out <dir>   (record a live HAL API: record --help)
       halyard-mock verify <api-root-url> [--api <module>]   (check a server: verify --help)

Options:
  --port <n>         port to listen on (default: $PORT or 4010; 0 picks a free one)
  --host <address>   interface to bind (default: 127.0.0.1)
  --articles <n>     articles in blog 1 of the built-in seed (default: 42)
  --data <file.json> records from a file instead of the seed: with --api, an object of
                     arrays by collection name, each record with its id (json-server's db.json);
                     for the Blog, its blogs, articles, comments and persons
  --persist <file.json>
                     keep the records in this file across restarts: read at start when it
                     exists (then --data is not read), written after writes (atomically)
  --protect-reads    require a known access token on reads too
  --delay <ms>       wait this long before every answer (0 to 10000)
  --api <module>     serve the API a module default-exports (made with defineHalApi)
                     instead of the Blog API (.ts too, with its own folder's or package's
                     tsconfig.json only)
  --allowed-hosts <a,b>
                     Host names answered besides localhost, *.localhost, 127.x.x.x, [::1] and
                     the bound address (.example.com: its subdomains too; all: any host)
  --cors-origin <origin>
                     let pages on this origin read answers, with credentials (repeatable;
                     * for any origin, without credentials); loopback origins always may
  --request-timeout <ms>
                     time a client has to send a whole request (default 15000; 0: no limit)
  -h, --help         show this help

Admin: POST /__admin/reset (Content-Type: application/json) restores the seed (not --data's
records; with --persist, written to the file) and empties the request list;
GET /__admin/requests lists recent requests, secrets redacted. Both answer only this origin
and trusted origins (loopback, --cors-origin), and need a token with --protect-reads.
HAL explorer: open the server's / in a browser to browse the API by its links.`

/** What the command line asks for: the Blog API with its options, another API, or the help. */
type Command =
  | { readonly kind: 'blog'; readonly options: BlogServerOptions }
  | { readonly kind: 'api'; readonly api: HalApi; readonly options: HalServerOptions }
  | { readonly kind: 'help' }

async function commandFrom(argv: string[]): Promise<Command> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      articles: { type: 'string' },
      data: { type: 'string' },
      'protect-reads': { type: 'boolean' },
      delay: { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      'request-timeout': { type: 'string' },
      api: { type: 'string' },
      persist: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).valueOf() as { values: Record<string, string | boolean | string[] | undefined> }
  if (values.help) return { kind: 'help' }
  const str = (name: string) =>
    typeof values[name] === 'string' ? (values[name] as string) : undefined
  const port = wholeNumber('port', str('port') ?? process.env.PORT, 0, 65_535)
  const articles = wholeNumber('articles', str('articles'), 0, 10_000_000)
  const delay = wholeNumber('delay', str('delay'), 0, 10_000)
  const requestTimeout = wholeNumber('request-timeout', str('request-timeout'), 0, 600_000)
  const hostList = str('allowed-hosts')
  const allowedHosts =
    hostList === 'all'
      ? true
      : hostList
          ?.split(',')
          .map((name) => name.trim())
          .filter(Boolean)
  const corsOrigins = values['cors-origin'] as string[] | undefined
  for (const origin of corsOrigins ?? []) {
    try {
      corsOrigin(origin)
    } catch (error) {
      throw new UsageError(
        `--cors-origin: ${(error as Error).message.replace(/^corsOrigins: /, '')}`,
      )
    }
  }
  const host = str('host')
  // A path is the user's, from where they typed it (`npm start` runs in the package's folder).
  const here = (file: string | undefined) =>
    file === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), file)
  const persist = here(str('persist'))
  const server: HalServerOptions = {
    ...(persist === undefined ? {} : { persist }),
    ...(port === undefined ? {} : { port }),
    ...(host === undefined ? {} : { host }),
    ...(requestTimeout === undefined ? {} : { requestTimeout }),
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
    ...(corsOrigins === undefined ? {} : { corsOrigins }),
  }
  const apiFile = str('api')
  const dataFile = here(str('data'))
  // A file that persists the records is where a restart starts from: --data seeds it once.
  const data = dataFile !== undefined && !(persist && existsSync(persist))
  const read = async (file: string): Promise<unknown> => {
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
  if (apiFile !== undefined) {
    const blogOnly = ['articles', 'protect-reads'].filter((name) => values[name])
    if (blogOnly.length > 0) {
      throw new UsageError(
        `--${blogOnly[0]} is a Blog API option; with --api, the module defines it`,
      )
    }
    const api = await apiModule(apiFile)
    if (data) {
      try {
        await loadRecords(api, await read(dataFile))
      } catch (error) {
        if (error instanceof UsageError) throw error
        throw new UsageError(`--data ${dataFile}: ${(error as Error).message}`)
      }
    }
    const options = { ...server, ...(delay === undefined ? {} : { delay }) }
    return { kind: 'api', api, options }
  }
  let seed: BlogServerOptions['seed']
  if (data) {
    const json = await read(dataFile)
    try {
      seed = parseSeed(json)
    } catch (error) {
      const reason = error instanceof SeedError ? error.message : String(error)
      throw new UsageError(`--data ${dataFile}: ${reason}`)
    }
  }
  const options = {
    ...server,
    ...(articles === undefined ? {} : { articles }),
    ...(delay === undefined ? {} : { delay }),
    ...(seed === undefined ? {} : { seed }),
    protectReads: values['protect-reads'] === true,
  }
  return { kind: 'blog', options }
}

async function main(): Promise<void> {
  // `halyard-mock record …`: recording a live API is a command of its own (mock/src/record/).
  if (process.argv[2] === 'record') {
    const { runRecord } = await import('./record.js')
    process.exitCode = await runRecord(process.argv.slice(3))
    return
  }
  if (process.argv[2] === 'verify') {
    const { runVerify } = await import('./verify.js')
    process.exitCode = await runVerify(process.argv.slice(3))
    return
  }
  let command: Command
  try {
    command = await commandFrom(process.argv.slice(2))
  } catch (error) {
    const message =
      error instanceof UsageError || error instanceof TypeError ? error.message : String(error)
    console.error(`halyard-mock: ${printable(message)}\nRun halyard-mock --help for the options.`)
    process.exit(2)
  }
  if (command.kind === 'help') {
    console.log(HELP)
    return
  }
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

main().catch((error: unknown) => {
  const message =
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? `the port is in use: ${(error as Error).message}; pick another with --port`
      : (error as Error).message
  console.error(`halyard-mock: ${printable(message)}`)
  process.exit(1)
})
