import { resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { serveFetch } from '../../test/listen-local.js'
import { startHalaciousServer } from '../../test/record/halacious-server.js'
import { replayOf } from '../../test/record/replay.js'
import { springDataRestServer } from '../../test/record/spring-data-rest-server.js'
import type { HalApi } from '../serve/api.js'
import { createHalServer } from '../shells/server/index.js'
import { verifyApi } from '../verify/engine.js'
import type { VerifyReport } from '../verify/types.js'
import { recordApi } from './record.js'

// Servers nobody here wrote, recorded, then verified: the original against the definition recorded
// from it, and the replay (the recording served) against its own definition.

interface HalServer {
  readonly origin: string
  close(): Promise<void>
}
const THIRD_PARTY = resolve(import.meta.dirname, '../../../sdk/test/third-party/servers.ts')
const { startJsonServerHalApi, startTraversonTestServer } = (await import(THIRD_PARTY)) as {
  startJsonServerHalApi(): Promise<HalServer>
  startTraversonTestServer(): Promise<HalServer>
}

/** Checks held per collection (`root` too). */
const held = (report: VerifyReport) => {
  const out: Record<string, number> = {}
  for (const c of report.checks) out[c.collection] = (out[c.collection] ?? 0) + c.passed
  return out
}
const failed = (report: VerifyReport) =>
  report.findings
    .filter((f) => f.severity === 'failure')
    .map(
      (f) =>
        `${f.rule}: ${f.message} (${f.request?.method} ${f.request?.url} ${f.answer?.excerpt.slice(0, 300)})`,
    )
const say = (name: string, report: VerifyReport) =>
  console.log(
    `${name}: ${report.failures} failures, ${Object.values(held(report)).reduce((a, b) => a + b, 0)} checks held, ${report.requests} requests in ${(report.elapsed / 1000).toFixed(2)} s`,
  )

interface Case {
  readonly name: string
  start(): Promise<{ server: HalServer; root: string }>
  /** The collections verify must have read, each with checks that held. */
  readonly collections: readonly string[]
  /** The collections the recording finds writable. */
  readonly writable: readonly string[]
  /** Those the original takes writes on. */
  readonly takes: readonly string[]
}

const CASES: readonly Case[] = [
  {
    name: 'halacious 5 on hapi',
    start: async () => {
      const server = await startHalaciousServer()
      // `/api` redirects to `/api/`, as hapi answers a root route with a trailing slash.
      return { server, root: `${server.origin}/api` }
    },
    collections: ['root', 'projects', 'tasks'],
    writable: ['projects', 'tasks'],
    // Only tasks take writes (POST, DELETE); the recording, shown none, guesses both take all.
    takes: ['tasks'],
  },
  {
    name: 'json-server + halson',
    start: async () => {
      const server = await startJsonServerHalApi()
      return { server, root: `${server.origin}/api` }
    },
    collections: ['root', 'articles'],
    writable: ['articles'],
    takes: ['articles'],
  },
  {
    name: 'traverson-test-server',
    start: async () => {
      const server = await startTraversonTestServer()
      return { server, root: `${server.origin}/` }
    },
    collections: ['root'],
    writable: [],
    takes: [],
  },
  {
    name: 'a Spring Data REST-shaped server',
    start: async () => {
      const server = await serveFetch(springDataRestServer())
      return { server, root: `${server.origin}/` }
    },
    collections: ['root', 'persons', 'addresses'],
    writable: ['persons'],
    takes: ['persons'],
  },
]

describe.each(CASES)('$name, recorded, then verified', (c) => {
  const closing: (() => Promise<void>)[] = []
  afterAll(() => Promise.all(closing.map((close) => close())))

  let api: HalApi

  it('the original keeps the definition recorded from it: read-only, then with writes', async () => {
    const { server, root } = await c.start()
    closing.push(() => server.close())
    api = await replayOf(await recordApi(root), `verify-${c.name.replace(/\W+/g, '-')}`)
    const reads = await verifyApi({ url: root, api, readOnly: true })
    say(`${c.name}, read-only`, reads)
    expect(failed(reads)).toEqual([])
    const checks = held(reads)
    for (const name of c.collections) expect(checks[name] ?? 0, name).toBeGreaterThan(0)
    const writes = await verifyApi({ url: root, api, token: 'mock-token' })
    say(`${c.name}, writes`, writes)
    expect(failed(writes)).toEqual([])
    const wrote = writes.checks.filter((check) => check.rule === 'delete' && check.passed > 0)
    expect(wrote.map((check) => check.collection).sort()).toEqual([...c.takes].sort())
    expect(writes.leftovers).toEqual([])
  }, 60_000)

  it('its replay keeps its own definition: every check, writes too, and no failure', async () => {
    expect(api.definition.collections ? Object.keys(api.definition.collections) : []).toEqual(
      c.collections.filter((n) => n !== 'root'),
    )
    const replay = await createHalServer(api, { port: 0, log: false })
    closing.push(() => replay.close())
    const report = await verifyApi({ url: replay.url, api, token: 'mock-token' })
    say(`${c.name}, replay`, report)
    expect(failed(report)).toEqual([])
    const checks = held(report)
    for (const name of c.collections) expect(checks[name] ?? 0, name).toBeGreaterThan(0)
    const wrote = report.checks.filter((check) => check.rule === 'delete' && check.passed > 0)
    expect(wrote.map((check) => check.collection).sort()).toEqual([...c.writable].sort())
    expect(report.leftovers).toEqual([])
  }, 60_000)
})
