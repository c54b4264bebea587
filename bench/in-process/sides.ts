/**
 * The in-process part's measurement, one process: `node bench/in-process/sides.ts <rounds> <batch>
 * <warm-up ms>` prints, as JSON, each side's median microseconds per request (elapsed and on the
 * CPU) and its median ratio to the floor.
 *
 * The four sides share one `setupServer` and take turns: each round runs a batch of `batch`
 * requests of every side, in a rotating order, with the side's handlers swapped in (the trivial
 * handler alone, or the Blog API's). A side is compared with the floor batch of the same round, so
 * that a slow moment of the machine, or of the process, weighs on both alike.
 * It imports packages only: plain Node runs it on the built `dist`, tsx on the sources.
 */
import { readFileSync } from 'node:fs'
import { setupBlogApi } from '@halyard/mock/blog/node'
import { createClient } from '@halyard/sdk'
import { HttpResponse, http, type RequestHandler } from 'msw'

const BASE = 'http://api.test/api/v1.2'
const ARTICLE = `${BASE}/blogs/1/articles/1`
const record: Record<string, unknown> = JSON.parse(
  readFileSync(new URL('../servers/record.json', import.meta.url), 'utf8'),
)

/** The floor's handler: it answers the record, nothing else. */
const trivial: RequestHandler[] = [
  http.get(ARTICLE, () =>
    HttpResponse.json(record, { headers: { 'content-type': 'application/hal+json' } }),
  ),
]

const mock = setupBlogApi()
await mock.ready
const server = mock.server
const client = createClient({ baseUrl: BASE, cacheSize: 0 })

/** A bare fetch that reads the JSON body, as any client must. */
const bareFetch = async () => (await fetch(ARTICLE)).json()
/** The SDK's `get()`, its cache off so that every call requests. */
const sdkGet = () => client.go(ARTICLE).get()

interface Side {
  readonly name: string
  readonly handlers: readonly RequestHandler[]
  readonly operation: () => Promise<unknown>
}

/** The floor first: every other side is divided by it. */
const SIDES: readonly Side[] = [
  { name: 'fetch-floor', handlers: trivial, operation: bareFetch },
  { name: 'sdk-mock', handlers: mock.handlers, operation: sdkGet },
  { name: 'fetch-mock', handlers: mock.handlers, operation: bareFetch },
  { name: 'sdk-floor', handlers: trivial, operation: sdkGet },
]

/**
 * Node's `fetch` sends through the dispatcher undici keeps under this symbol (undici's own
 * `setGlobalDispatcher` writes it there).
 */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1')

/**
 * Replaces the dispatcher of Node's `fetch` with a new one of the same kind (an `Agent`), and
 * destroys the old one. Why: under msw 3.0.5's interception every request leaves a client in
 * undici's pool for its origin (12 001 after 12 000 requests), and each request walks them all
 * before it opens a new connection. A request's cost would then grow with the number of requests
 * made before it; a fresh pool before each batch starts every batch from the same state.
 */
function freshDispatcher(): void {
  const holder = globalThis as Record<symbol, unknown>
  const current = holder[GLOBAL_DISPATCHER] as { destroy(): Promise<void> } | undefined
  if (!current) return
  holder[GLOBAL_DISPATCHER] = new (current.constructor as new () => unknown)()
  current.destroy().catch(() => {}) // its connections were the mock's: nothing to report
}

/** Swaps a side's handlers in, and starts it on a fresh connection pool. */
async function enter(side: Side): Promise<void> {
  server.resetHandlers(...side.handlers)
  freshDispatcher()
  // The new pool's first connection is not part of what a request costs.
  await side.operation()
  await side.operation()
}

const [rounds = '', batch = '', warmUpMs = ''] = process.argv.slice(2)
if (![rounds, batch, warmUpMs].every((arg) => /^\d+$/.test(arg))) {
  console.error('usage: node bench/in-process/sides.ts <rounds> <batch> <warm-up ms>')
  process.exit(2)
}
server.listen({ onUnhandledFrame: 'error' })

// Every side must answer the same article, or the comparison is void.
for (const side of SIDES) {
  await enter(side)
  const answer = (await side.operation()) as { title?: string; data?: { title?: string } }
  const title = answer.title ?? answer.data?.title
  if (title !== 'Article 1') throw new Error(`${side.name} read ${JSON.stringify(title)}`)
}

// The JIT warms up on every side's code.
const warmEnd = performance.now() + Number(warmUpMs)
while (performance.now() < warmEnd)
  for (const side of SIDES) {
    await enter(side)
    for (let n = 0; n < Number(batch); n++) await side.operation()
  }

/** Per side, per round: microseconds per request, elapsed and on the CPU (user + system). */
const samples = new Map<string, { micros: number[]; cpuMicros: number[] }>(
  SIDES.map((side) => [side.name, { micros: [], cpuMicros: [] }]),
)
for (let round = 0; round < Number(rounds); round++)
  for (let k = 0; k < SIDES.length; k++) {
    const side = SIDES[(k + round) % SIDES.length] as Side
    await enter(side)
    const start = performance.now()
    const startCpu = process.cpuUsage()
    for (let n = 0; n < Number(batch); n++) await side.operation()
    const cpu = process.cpuUsage(startCpu)
    const figures = samples.get(side.name)
    figures?.micros.push(((performance.now() - start) * 1000) / Number(batch))
    figures?.cpuMicros.push((cpu.user + cpu.system) / Number(batch))
  }
server.close()

const middle = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const floor = samples.get('fetch-floor') ?? { micros: [], cpuMicros: [] }
/** The median over rounds of a side's batch divided by the floor's batch of the same round. */
const pairedRatio = (values: readonly number[], base: readonly number[]) =>
  middle(values.map((value, round) => value / (base[round] ?? Number.NaN)))

console.log(
  JSON.stringify(
    Object.fromEntries(
      [...samples].map(([name, { micros, cpuMicros }]) => [
        name,
        {
          micros: middle(micros),
          cpuMicros: middle(cpuMicros),
          ratio: pairedRatio(micros, floor.micros),
          cpuRatio: pairedRatio(cpuMicros, floor.cpuMicros),
        },
      ]),
    ),
  ),
)
