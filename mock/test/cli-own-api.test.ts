import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packedBin, projectOf } from './packed.js'

// `halyard-mock --api` on an API a new user writes from the README: TypeScript with an
// extension-less import, no tokens. It serves it, prints the token that writes, and takes writes.
/** The `halyard-mock` of the packed tarball, installed outside the repository. */
let bin = ''
let dir = ''
let child: ChildProcess | undefined

beforeAll(async () => {
  bin = await packedBin()
  // In the project the bin is installed in: `@halyard/mock` and `zod` resolve as in a user's.
  dir = await mkdtemp(join(projectOf(bin), 'halyard-own-api-'))
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'preserve', moduleResolution: 'bundler' } }),
  )
  await writeFile(
    join(dir, 'schemas.ts'),
    "import { z } from 'zod'\nexport const note = z.object({ text: z.string() })\n",
  )
  await writeFile(
    join(dir, 'api.ts'),
    [
      "import { defineHalApi } from '@halyard/mock'",
      "import { note } from './schemas'",
      'export default defineHalApi({',
      "  basePath: '/api',",
      "  title: 'Notes',",
      "  collections: { notes: { schema: note, seed: [{ text: 'Buy milk' }] } },",
      '})',
    ].join('\n'),
  )
}, 300_000)

afterAll(async () => {
  child?.kill('SIGKILL')
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('halyard-mock --api with a TypeScript API that names no tokens', () => {
  it('serves it, prints the development token, and a write with it succeeds', async () => {
    child = spawn(bin, ['--port', '0', '--api', join(dir, 'api.ts')], {
      cwd: projectOf(bin),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    const running = child
    const waitFor = async (pattern: RegExp) => {
      for (;;) {
        const match = pattern.exec(stdout)
        if (match) return match
        if (running.exitCode !== null) throw new Error(`exited: ${stderr}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    const url = (await waitFor(/listening on (\S+)/))[1] ?? ''
    await waitFor(/Write token: X-Access-Token: dev-token/)
    const created = await fetch(`${url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
      body: JSON.stringify({ text: 'Call Ada' }),
    })
    expect(created.status).toBe(201)
    expect(stderr).toBe('')
  }, 60_000)
})
