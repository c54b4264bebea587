import type { ChildProcess } from 'node:child_process'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHalServer } from '../../src/shells/server/index.js'
import { startCli } from '../cli-process.js'
import { packedBin } from '../packed.js'
import { type Hostility, hostileProxy } from './hostile-proxy.js'
import { NOTES_TOKEN, notesApi } from './notes-api.js'

// `halyard-mock verify` as a user runs it, against servers that cut or stall a body: the process
// always prints its report, writes what is left, and exits with the code the docs give.

const API = fileURLToPath(new URL('./notes-api.ts', import.meta.url))
let server: Awaited<ReturnType<typeof createHalServer>>
const children: ChildProcess[] = []
/** The `halyard-mock` of the packed tarball, installed outside the repository. */
let bin = ''
beforeAll(async () => {
  server = await createHalServer(notesApi, { port: 0, log: false })
  bin = await packedBin()
}, 300_000)
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})
afterAll(() => server.close())

/** The installed bin's `verify` through a proxy that may be hostile. */
async function verifyCli(
  plan: (method: string, path: string) => Hostility | undefined,
  args: string[] = [],
  during?: (seen: { method: string; path: string }[], child: ChildProcess) => void,
) {
  const proxy = await hostileProxy(server.url, plan)
  const run = startCli(
    bin,
    [
      'verify',
      `${proxy.origin}/api`,
      '--api',
      API,
      '--token-env',
      'NOTES_TOKEN',
      '--quiet',
      ...args,
    ],
    { NOTES_TOKEN },
  )
  children.push(run.child)
  const watch = during && setInterval(() => during(proxy.seen, run.child), 20)
  try {
    const code = await run.exit
    return { code, ...run.output() }
  } finally {
    clearInterval(watch)
    await proxy.close()
  }
}

const createdId = (path: string) => {
  const id = Number(/^\/api\/notes\/(\d+)$/.exec(path)?.[1] ?? 0)
  return id > 2
}

describe('halyard-mock verify against bodies that fail', () => {
  it('Ctrl-C while a body stalls: the report, exit 130', async () => {
    let sent = false
    const { code, stdout } = await verifyCli(
      (method, path) =>
        method === 'GET' && path === '/api/notes/1' ? { cut: 'stall' } : undefined,
      [],
      (seen, child) => {
        if (!sent && seen.some((r) => r.method === 'GET' && r.path === '/api/notes/1')) {
          sent = true
          child.kill('SIGINT')
        }
      },
    )
    expect(stdout).toContain('stopped by a signal')
    expect(code).toBe(130)
  })

  it('a body reset halfway, a read-back cut and its DELETE refused: the report, the leftovers file, exit 1', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'verify-left-')), 'left.json')
    const { code, stdout, stderr } = await verifyCli(
      (method, path) => {
        if (method === 'GET' && (path === '/api/notes/1' || createdId(path)))
          return { cut: 'reset' }
        if (method === 'DELETE') return { status: 500 }
        return undefined
      },
      ['--leftovers', file],
    )
    expect(stderr).not.toContain('terminated')
    expect(stdout).toContain('/api/notes/1 answers 0')
    expect(stdout).toContain('could not be deleted (500)')
    const left = JSON.parse(await readFile(file, 'utf8')) as { records: string[] }
    expect(left.records).toHaveLength(1)
    expect(left.records[0]).toMatch(/\/api\/notes\/\d+$/)
    expect(code).toBe(1)
  })

  it('a second Ctrl-C while the cleanup waits: what is left is in the leftovers file, exit 130', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'verify-left-')), 'left.json')
    let interrupts = 0
    const { code } = await verifyCli(
      (method) => (method === 'DELETE' ? { cut: 'stall' } : undefined),
      ['--leftovers', file],
      (seen, child) => {
        const created = seen.some((r) => r.method === 'PUT')
        const deleting = seen.some((r) => r.method === 'DELETE')
        if ((interrupts === 0 && created) || (interrupts === 1 && deleting)) {
          interrupts++
          child.kill('SIGINT')
        }
      },
    )
    expect(code).toBe(130)
    const left = JSON.parse(await readFile(file, 'utf8')) as { records: string[] }
    expect(left.records).toHaveLength(1)
  })
})
