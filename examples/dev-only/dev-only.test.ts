import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const HERE = fileURLToPath(new URL('.', import.meta.url))
// The CLI, from the package's own folder (its `bin` is not an export).
const VITE = fileURLToPath(new URL('bin/vite.js', import.meta.resolve('vite/package.json')))
/** What only mock code holds: MSW's log prefix and worker, the mock's own name, graphql-js. */
const MOCK_CODE = [/\[MSW\]/, /mockServiceWorker/, /halyard-mock/, /GraphQL/, /@halyard\/mock/]
const dirs: string[] = []

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

/** Builds the example with `vite build` in its own process (the test runner sets NODE_ENV). */
async function build(mode: 'production' | 'development'): Promise<Map<string, string>> {
  const outDir = await mkdtemp(join(tmpdir(), `halyard-dev-only-${mode}-`))
  dirs.push(outDir)
  const { NODE_ENV: _testEnv, ...env } = process.env
  await run(
    process.execPath,
    [VITE, 'build', '--config', join(HERE, 'vite.config.ts'), '--mode', mode, '--outDir', outDir],
    { env: mode === 'development' ? { ...env, NODE_ENV: 'development' } : env },
  )
  const files = new Map<string, string>()
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files.set(relative(outDir, path), await readFile(path, 'utf8'))
  }
  return files
}

/** Each file of a build holding mock code, with the first marker found. */
const mockCodeIn = (files: ReadonlyMap<string, string>) =>
  [...files]
    .map(([file, text]) => [file, MOCK_CODE.find((marker) => marker.test(text))?.source] as const)
    .filter(([, marker]) => marker !== undefined)

describe('the dev-only example', { timeout: 180_000 }, () => {
  it('builds for production with no mock code: no MSW, no @halyard/mock, no graphql, no worker', async () => {
    const files = await build('production')
    expect([...files.keys()].some((file) => file.endsWith('.js'))).toBe(true)
    // The app is there: it reads the todos through the SDK.
    expect([...files.values()].some((text) => text.includes('todos'))).toBe(true)
    expect(mockCodeIn(files)).toEqual([])
    expect([...files.keys()].filter((file) => /msw|mock|graphql/i.test(file))).toEqual([])
  })

  it('holds the mock in a development build, where the same check finds it', async () => {
    const files = await build('development')
    expect(mockCodeIn(files).length).toBeGreaterThan(0)
  })
})
