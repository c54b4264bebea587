/**
 * One side of the in-process part, in a fresh process so that no side inherits another's JIT or
 * heap: `node bench/in-process/side.ts <side> <rounds> <batch ms> <warm-up ms>` prints
 * `{"micros": …, "cpuMicros": …}`, the median microseconds per request (elapsed, on the CPU) over
 * `rounds` batches of about `batch ms`.
 * It imports packages only: plain Node runs it on the built `dist`, tsx on the sources.
 */
import { readFileSync } from 'node:fs'
import { setupBlogApi } from '@halyard/mock/node'
import { createClient } from '@halyard/sdk'
import { HttpResponse, http } from 'msw'
import { type SetupServer, setupServer } from 'msw/node'

const BASE = 'http://api.test/api/v1.2'
const ARTICLE = `${BASE}/blogs/1/articles/1`
const record: Record<string, unknown> = JSON.parse(
  readFileSync(new URL('../servers/record.json', import.meta.url), 'utf8'),
)

/** The floor: one trivial handler answering the record. */
const trivial = () =>
  setupServer(
    http.get(ARTICLE, () =>
      HttpResponse.json(record, { headers: { 'content-type': 'application/hal+json' } }),
    ),
  )

/** The Blog API mock, its default seed. */
async function blogApi(): Promise<SetupServer> {
  const mock = setupBlogApi()
  await mock.ready
  return mock.server
}

/** A bare fetch that reads the JSON body, as any client must. */
const bareFetch = async () => (await fetch(ARTICLE)).json()

/** The SDK's `get()`, its cache off so that every call requests. */
function sdkGet(): () => Promise<unknown> {
  const client = createClient({ baseUrl: BASE, cacheSize: 0 })
  return () => client.go(ARTICLE).get()
}

const SIDES: Record<string, () => Promise<[SetupServer, () => Promise<unknown>]>> = {
  'fetch-floor': async () => [trivial(), bareFetch],
  'fetch-mock': async () => [await blogApi(), bareFetch],
  'sdk-floor': async () => [trivial(), sdkGet()],
  'sdk-mock': async () => [await blogApi(), sdkGet()],
}

/**
 * Median microseconds per call over `rounds` batches of `batch` sequential calls: elapsed, and
 * on the CPU (user + system of this process; steadier than elapsed time on a busy machine).
 */
async function medianMicros(operation: () => Promise<unknown>, rounds: number, batch: number) {
  const elapsed: number[] = []
  const cpu: number[] = []
  for (let round = 0; round < rounds; round++) {
    const start = performance.now()
    const startCpu = process.cpuUsage()
    for (let n = 0; n < batch; n++) await operation()
    const used = process.cpuUsage(startCpu)
    elapsed.push(((performance.now() - start) * 1000) / batch)
    cpu.push((used.user + used.system) / batch)
  }
  const middle = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
  return { micros: middle(elapsed), cpuMicros: middle(cpu) }
}

/** Calls `operation` for `ms` milliseconds (the JIT warms up) and gives the calls made. */
async function warmUp(operation: () => Promise<unknown>, ms: number): Promise<number> {
  const end = performance.now() + ms
  let calls = 0
  for (; performance.now() < end; calls++) await operation()
  return calls
}

const [side = '', rounds = '', batchMs = '', warmUpMs = ''] = process.argv.slice(2)
const setup = SIDES[side]
if (!setup || ![rounds, batchMs, warmUpMs].every((arg) => /^\d+$/.test(arg))) {
  const sides = Object.keys(SIDES).join('|')
  console.error(`usage: node bench/in-process/side.ts <${sides}> <rounds> <batch ms> <warm-up ms>`)
  process.exit(2)
}
const [server, operation] = await setup()
server.listen({ onUnhandledFrame: 'error' })
// Every side must answer the same article, or the comparison is void.
const answer = (await operation()) as { title?: string; data?: { title?: string } }
const title = answer.title ?? answer.data?.title
if (title !== 'Article 1') throw new Error(`${side} read ${JSON.stringify(title)}, not "Article 1"`)
// Batches last about `batchMs` whatever a call costs, so that every side takes the same time.
const calls = await warmUp(operation, Number(warmUpMs))
const batch = Math.max(1, Math.round((calls * Number(batchMs)) / Number(warmUpMs)))
const { micros, cpuMicros } = await medianMicros(operation, Number(rounds), batch)
server.close()
console.log(JSON.stringify({ side, micros, cpuMicros, batch }))
