import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { API, DEV_TOKEN } from '../halyard.js'
import { ROOT } from '../implementation.js'
import type { LimitsSample } from '../limits/server.js'
import { formatBytes, formatNumber, goal, median, type Table } from '../report.js'
import type { Part } from './part.js'

const script = fileURLToPath(new URL('../limits/server.ts', import.meta.url))
/** The heap of the crash recipe (mock/test/memory.test.ts): small enough that an unbounded memo fails. */
const HEAP_MIB = 512
/** The bound one GraphQL request may block the event loop for (docs/internals/security.md). */
const MAX_BLOCK_MS = 100

/** A query of `aliases` aliased names spread on every node of a `levels`-deep friends tree. */
function amplification(aliases: number, levels: number, prefix = 'n'): string {
  const names = Array.from({ length: aliases }, (_, i) => `${prefix}${i}: name`).join(' ')
  let tree = '...Wide'
  for (let level = 1; level < levels; level++) tree = `...Wide friends { ${tree} }`
  return `{ person(id: "1") { ${tree} } } fragment Wide on Person { ${names} }`
}

/** `id name friends { … }` `levels` deep: every person of a friends tree with id, name and friends. */
function everyField(levels: number): string {
  return levels === 1 ? 'id name' : `id name friends { ${everyField(levels - 1)} }`
}

/** `friends { … }` twice at each of `levels` levels: execution merges them into one chain. */
function doubled(levels: number): string {
  const below = levels === 1 ? 'id' : doubled(levels - 1)
  return `friends { ${below} } friends { ${below} }`
}

/** The GraphQL requests measured, each sent `rounds` times; the worst block is reported. */
const QUERIES = [
  {
    label: 'amplification, 37 KB (once a 248 MiB answer)',
    query: amplification(3_000, 10),
    expect: 'refused',
  },
  {
    label: 'amplification, 77 KB (once a 500)',
    query: amplification(6_000, 10, 'alias'),
    expect: 'refused',
  },
  {
    label: 'amplification within the token limit: 1 600 names, 19 KB',
    query: amplification(1_600, 10),
    expect: 'refused',
  },
  {
    // Seed persons have two friends: 63 persons in 6 levels, 475 names each, 29 957 fields.
    label: 'largest accepted: 29 957 fields',
    query: amplification(475, 6),
    expect: 'answered',
  },
  {
    // Nine trees of 1 023 persons (depth 10) and one of 511: 9 718 persons, 24 300 fields.
    label: 'the contract’s largest: id, name, friends on 9 718 persons',
    query: `{ ${Array.from({ length: 10 }, (_, i) => `p${i}: person(id: "${(i % 8) + 1}") { ${everyField(i < 9 ? 10 : 9)} }`).join(' ')} }`,
    expect: 'answered',
  },
  {
    label: 'once the slowest to validate: 2 400 repeated `friends { id }`',
    query: `{ person(id: "1") { ${'friends { id } '.repeat(2_400)} } }`,
    expect: 'refused',
  },
  {
    label: '1 000 repeated `friends { id }`',
    query: `{ person(id: "1") { ${'friends { id } '.repeat(1_000)} } }`,
    expect: 'refused',
  },
  {
    label: '`friends` doubled at each of 9 levels',
    query: `{ person(id: "1") { ${doubled(9)} } }`,
    expect: 'refused',
  },
  {
    label: '500 fragments spread together',
    query: `{ person(id: "1") { ${Array.from({ length: 500 }, (_, i) => `...F${i}`).join(' ')} } } ${Array.from({ length: 500 }, (_, i) => `fragment F${i} on Person { id }`).join(' ')}`,
    expect: 'refused',
  },
] as const

/** Part 7: what the crash recipe leaves in memory, and how long GraphQL's worst requests block. */
export const limitsPart: Part = {
  name: 'limits',
  title: '7. Limits: memory after the crash recipe, event-loop blocks of GraphQL',
  async run(context) {
    const rounds = context.timing.rounds === 1 ? 3 : 10
    const server = await startLimitsServer(context.implementation.nodeArgs)
    try {
      const started = await server.sample()
      context.progress('limits: the crash recipe (100 POSTs of 1 MiB, 80 large pages)')
      const articles = `${server.origin}${API}/blogs/2/articles`
      await crashRecipe(articles)
      const after = await server.sample()
      const memory: Table = {
        title: `Memory of the mock (--max-old-space-size=${HEAP_MIB}, heap after a full GC)`,
        columns: ['when', 'heap used', 'RSS'],
        rows: [
          ['after start', formatBytes(started.heapUsed), formatBytes(started.rss)],
          ['after the crash recipe', formatBytes(after.heapUsed), formatBytes(after.rss)],
        ],
        notes: [
          'Crash recipe: 100 POSTs of ~1 MiB to blog 2 (title padded with 900 000 spaces, 100 000 characters of content), then 80 GETs of its pages with pageSize 100 down to 61, twice, no token.',
          'The 100 stored articles themselves hold about 100 × 100 000 characters; everything else is the memos (at most 3.8 MiB) and what V8 keeps.',
        ],
      }
      const blocks: {
        label: string
        status: string
        bytes: number
        worstMs: number
        medianMs: number
        worstCpuMs: number
        medianCpuMs: number
      }[] = []
      for (const { label, query, expect } of QUERIES) {
        context.progress(`limits: ${label}`)
        const blockMs: number[] = []
        const cpuMs: number[] = []
        let status = ''
        let bytes = 0
        for (let round = 0; round < rounds; round++) {
          await server.sample() // resets the event-loop histogram
          const answer = await graphql(server.origin, query)
          const sample = await server.sample()
          blockMs.push(sample.maxBlockMs)
          cpuMs.push(sample.cpuMs)
          status = `${answer.status} ${answer.refused ? 'refused' : 'answered'}`
          bytes = answer.bytes
          if (answer.refused !== (expect === 'refused')) status += ' (unexpected)'
        }
        const worstMs = Math.max(...blockMs)
        blocks.push({
          label,
          status,
          bytes,
          worstMs,
          medianMs: median(blockMs),
          worstCpuMs: Math.max(...cpuMs),
          medianCpuMs: median(cpuMs),
        })
      }
      const graphqlTable: Table = {
        title: `GraphQL: the longest event-loop block of one request (worst of ${rounds})`,
        columns: [
          'query',
          'size',
          'answer',
          'answer bytes',
          'worst block',
          'median block',
          'worst CPU',
          'median CPU',
        ],
        rows: blocks.map(
          ({ label, status, bytes, worstMs, medianMs, worstCpuMs, medianCpuMs }, i) => [
            label,
            formatBytes(QUERIES[i]?.query.length),
            status,
            formatBytes(bytes),
            `${formatNumber(worstMs, 1)} ms`,
            `${formatNumber(medianMs, 1)} ms`,
            `${formatNumber(worstCpuMs, 1)} ms`,
            `${formatNumber(medianCpuMs, 1)} ms`,
          ],
        ),
        notes: [
          'Measured in the server process by monitorEventLoopDelay (1 ms resolution), the query POSTed as JSON; each row includes the read, parse, validation, the limits and, when answered, execution and the write. CPU: the server process’s user + system time during the request (every thread, GC included); on a loaded machine the block can be far longer than the CPU it took. The worst round is often the first, with the code still cold: the goals take each request’s median. Refused before validation (`DOCUMENT_TOO_COMPLEX`): repeated keys, doubled `friends`, fragments spread together; at parse (over 5 000 tokens): the 37 KB, 77 KB and 2 400-key queries; by the field limit (30 001): the 1 600-name one.',
        ],
      }
      // The median of each request's rounds: the worst round is often the cold first one.
      const slowest = Math.max(...blocks.map((block) => block.medianMs))
      const slowestCpu = Math.max(...blocks.map((block) => block.medianCpuMs))
      return {
        tables: [memory, graphqlTable],
        goals: [
          goal(
            'heap growth after the crash recipe',
            Math.round((after.heapUsed - started.heapUsed) / 1024 / 1024),
            { atMost: 64 },
            ' MiB',
          ),
          goal(
            'event-loop block of the slowest GraphQL request (median)',
            Math.round(slowest),
            { atMost: MAX_BLOCK_MS },
            ' ms',
          ),
          goal(
            'CPU time of the slowest GraphQL request (median)',
            Math.round(slowestCpu),
            { atMost: MAX_BLOCK_MS },
            ' ms',
          ),
        ],
        figures: { started, after, blocks, rounds },
      }
    } finally {
      await server.stop()
    }
  },
}

/** The crash recipe: 100 POSTs of ~1 MiB, then unauthenticated reads of many page sizes. */
async function crashRecipe(articles: string): Promise<void> {
  const padding = ' '.repeat(450_000)
  const content = 'x'.repeat(100_000)
  for (let i = 0; i < 100; i++) {
    const response = await fetch(articles, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': DEV_TOKEN },
      body: JSON.stringify({ title: `${padding}Padded ${i}${padding}`, content }),
    })
    await response.arrayBuffer()
    if (response.status !== 201) throw new Error(`POST ${articles}: ${response.status}`)
  }
  for (let read = 0; read < 80; read++) {
    const pageSize = 100 - (read % 40)
    const response = await fetch(`${articles}?pageSize=${pageSize}`)
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`GET page of ${pageSize}: ${response.status}`)
  }
}

async function graphql(origin: string, query: string) {
  const response = await fetch(`${origin}${API}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  })
  const text = await response.text()
  const refused = !text.startsWith('{"data"')
  return { status: response.status, refused, bytes: Buffer.byteLength(text) }
}

interface LimitsServer {
  readonly origin: string
  sample(): Promise<LimitsSample>
  stop(): Promise<void>
}

/** Forks bench/limits/server.ts with a 512 MiB heap and `gc` exposed. */
async function startLimitsServer(nodeArgs: readonly string[]): Promise<LimitsServer> {
  const child: ChildProcess = fork(script, [], {
    cwd: ROOT,
    execArgv: [...nodeArgs, '--expose-gc', `--max-old-space-size=${HEAP_MIB}`],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the mock exited (${code})`))
      child.once('exit', onExit)
      child.once('message', (message) => {
        child.off('exit', onExit)
        resolve(message)
      })
    })
  const { origin } = (await next()) as { origin: string }
  return {
    origin,
    async sample() {
      const reply = next()
      child.send('sample')
      return (await reply) as LimitsSample
    },
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.send('stop')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
