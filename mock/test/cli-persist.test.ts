import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// `halyard-mock --api` with --data, --delay and --persist: the records of any API from a
// json-server style file, kept across restarts.
const MOCK = fileURLToPath(new URL('..', import.meta.url))
const ROOT = join(MOCK, '..')
let dir = ''
const children: ChildProcess[] = []

beforeAll(async () => {
  // Inside the repository, so that `@halyard/mock` and `zod` resolve as in a user's project.
  await mkdir(join(ROOT, 'node_modules', '.cache'), { recursive: true })
  dir = await mkdtemp(join(ROOT, 'node_modules', '.cache', 'halyard-persist-cli-'))
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
}, 30_000)

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  if (dir) await rm(dir, { recursive: true, force: true })
})

function start(...args: string[]) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@halyard/source',
      '--import',
      'tsx',
      'src/cli/main.ts',
      '--port',
      '0',
      '--api',
      join(dir, 'api.mjs'),
      ...args,
    ],
    { cwd: MOCK, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return {
    child,
    exited,
    stderr: () => stderr,
    async waitFor(pattern: RegExp) {
      for (;;) {
        const match = pattern.exec(stdout)
        if (match) return match
        if (child.exitCode !== null) throw new Error(`exited: ${stderr}`)
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
