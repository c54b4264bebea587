import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packedBin, projectOf } from './packed.js'

// `halyard-mock --api` with --data, --delay and --persist: the records of any API from a
// json-server style file, kept across restarts.
/** The `halyard-mock` of the packed tarball, installed outside the repository. */
let bin = ''
let dir = ''
const children: ChildProcess[] = []

beforeAll(async () => {
  bin = await packedBin()
  // In the project the bin is installed in: `@halyard/mock` and `zod` resolve as in a user's.
  dir = await mkdtemp(join(projectOf(bin), 'halyard-persist-cli-'))
  await writeFile(
    join(dir, 'api.mjs'),
    [
      "import { defineHalApi } from '@halyard/mock'",
      "import { z } from 'zod'",
      'export default defineHalApi({',
      "  basePath: '/api',",
      "  collections: { notes: { schema: z.object({ text: z.string() }), seed: [{ text: 'Seed' }] } },",
      '})',
    ].join('\n'),
  )
}, 300_000)

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  if (dir) await rm(dir, { recursive: true, force: true })
})

function start(...args: string[]) {
  const child = spawn(bin, ['--port', '0', '--api', join(dir, 'api.mjs'), ...args], {
    cwd: projectOf(bin),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  // Bounded: a process that does not end within 20 s is a failure, not a hung test.
  const exited = new Promise<number | null | 'still running'>((resolve) => {
    const timer = setTimeout(() => resolve('still running'), 20_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
  return {
    child,
    exited,
    stderr: () => stderr,
    async waitFor(pattern: RegExp) {
      const deadline = Date.now() + 20_000
      for (;;) {
        const match = pattern.exec(stdout)
        if (match) return match
        if (child.exitCode !== null) throw new Error(`exited: ${stderr}`)
        if (Date.now() > deadline) throw new Error(`no ${pattern} in 20 s: ${stdout}${stderr}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}

describe('halyard-mock --api with --data, --delay and --persist', () => {
  it('starts from --data, keeps writes in the --persist file, and a restart starts from it', async () => {
    const data = join(dir, 'data.json')
    const db = join(dir, 'db.json')
    await writeFile(data, JSON.stringify({ notes: [{ id: 5, text: 'From the file' }] }))
    const first = start('--data', data, '--persist', db, '--delay', '1')
    const url = (await first.waitFor(/listening on (\S+)/))[1] ?? ''
    await first.waitFor(new RegExp(`Records kept in: ${db.replace(/[.]/g, '\\.')}`))
    expect((await fetch(`${url}/notes/5`)).status).toBe(200)
    const created = await fetch(`${url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
      body: JSON.stringify({ text: 'Call Ada' }),
    })
    expect(created.headers.get('location')).toBe(`${url}/notes/6`)
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(JSON.parse(await readFile(db, 'utf8'))).toEqual({
      notes: [
        { id: 5, text: 'From the file' },
        { id: 6, text: 'Call Ada' },
      ],
    })

    const second = start('--persist', db)
    const again = (await second.waitFor(/listening on (\S+)/))[1] ?? ''
    const note = (await (await fetch(`${again}/notes/6`)).json()) as { text: string }
    expect(note.text).toBe('Call Ada')
    second.child.kill('SIGTERM')
    await second.exited
    expect(first.stderr()).toBe('')
  }, 60_000)

  it('keeps the writes acknowledged more than a second before a kill -9, under steady writes', async () => {
    const db = join(dir, 'steady.json')
    const server = start('--persist', db)
    const url = (await server.waitFor(/listening on (\S+)/))[1] ?? ''
    // 16 writers, each creating notes one after another: the file never pauses for 100 ms.
    const acknowledged: { id: number; at: number }[] = []
    const until = Date.now() + 3000
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (Date.now() < until) {
          const created = await fetch(`${url}/notes`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
            body: JSON.stringify({ text: 'steady' }),
          })
          const id = Number(created.headers.get('location')?.split('/').pop())
          if (created.status === 201) acknowledged.push({ id, at: Date.now() })
        }
      }),
    )
    const killed = Date.now()
    server.child.kill('SIGKILL')
    await server.exited
    const kept = new Set(
      (JSON.parse(await readFile(db, 'utf8')) as { notes: { id: number }[] }).notes.map(
        (n) => n.id,
      ),
    )
    // The ceiling is a second; half a second more for the write itself on a busy machine.
    const due = acknowledged.filter((a) => a.at < killed - 1500)
    expect(due.length).toBeGreaterThan(0)
    expect(due.filter((a) => !kept.has(a.id))).toEqual([])
  }, 60_000)

  it('refuses a second server on a --persist file a live one holds, naming the file and its pid', async () => {
    const db = join(dir, 'held.json')
    const first = start('--persist', db)
    await first.waitFor(/listening on (\S+)/)
    const second = start('--persist', db)
    expect(await second.exited).toBe(1)
    expect(second.stderr()).toContain(
      `${db} is in use by process ${first.child.pid} (its lock ${db}.lock): stop it, or pick another --persist file`,
    )
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    // Given up on exit: the next server starts.
    const third = start('--persist', db)
    await third.waitFor(/listening on (\S+)/)
    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
  }, 60_000)

  it('never follows a link planted where the file is written beside it', async () => {
    const db = join(dir, 'linked.json')
    const outside = join(dir, 'outside.txt')
    await writeFile(outside, 'untouched\n')
    const server = start('--persist', db)
    // The name the server used to write beside the file: `<file>.<pid>.tmp`.
    await symlink(outside, `${db}.${server.child.pid}.tmp`)
    const url = (await server.waitFor(/listening on (\S+)/))[1] ?? ''
    const created = await fetch(`${url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
      body: JSON.stringify({ text: 'Kept' }),
    })
    expect(created.status).toBe(201)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(await readFile(outside, 'utf8')).toBe('untouched\n')
    const kept = JSON.parse(await readFile(db, 'utf8')) as { notes: { text: string }[] }
    expect(kept.notes.map((n) => n.text)).toContain('Kept')
  }, 60_000)

  it('refuses a --data record its schema refuses, naming the member by JSON Pointer', async () => {
    const data = join(dir, 'bad.json')
    await writeFile(
      data,
      JSON.stringify({
        notes: [
          { id: 1, text: 'ok' },
          { id: 2, text: 7 },
        ],
      }),
    )
    const run = start('--data', data)
    expect(await run.exited).toBe(2)
    expect(run.stderr()).toMatch(
      /--data .*bad\.json: notes has an invalid record at \/notes\/1 .*: \/text: /,
    )
  }, 60_000)
})
