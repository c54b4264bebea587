import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const REPORTER = fileURLToPath(new URL('./plain-summary-reporter.ts', import.meta.url))
const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

/** Runs Vitest with only this reporter on `files` (globals on, so they need no import). */
async function run(files: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'halyard-reporter-'))
  dirs.push(dir)
  await writeFile(
    join(dir, 'vitest.config.mjs'),
    `import Reporter from ${JSON.stringify(REPORTER)}
export default { test: { globals: true, include: ['*.test.js'], reporters: [new Reporter()] } }`,
  )
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text)
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1' } },
  )
  let out = ''
  child.stdout.on('data', (chunk) => {
    out += chunk
  })
  child.stderr.on('data', () => {})
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { code, out }
}

it('counts a test file that fails to load as failed', async () => {
  const { code, out } = await run({
    'ok.test.js': "it('passes', () => {})",
    'broken.test.js': "throw new Error('broken at load')",
  })
  expect(code).toBe(1)
  expect(out).toContain('vitest: 1 passed, 1 failed, 0 skipped (of the failed: 1 file with errors)')
})

it('counts an unhandled error as failed', async () => {
  const { code, out } = await run({
    'leak.test.js': `it('leaks', () => { setTimeout(() => { throw new Error('late') }, 0) })
it('waits', () => new Promise((resolve) => setTimeout(resolve, 50)))`,
  })
  expect(code).toBe(1)
  expect(out).toContain('vitest: 2 passed, 1 failed, 0 skipped (of the failed: 1 unhandled error)')
})

it('says 0 failed on a green run and counts failed tests once', async () => {
  const { code, out } = await run({
    // A skipped test of the throwaway run, which the summary must count as skipped.
    'mixed.test.js': "it('passes', () => {}); it.skipIf(true)('skipped', () => {})",
  })
  expect(code).toBe(0)
  expect(out).toContain('vitest: 1 passed, 0 failed, 1 skipped\n')
  const failing = await run({ 'fails.test.js': "it('fails', () => { throw new Error('no') })" })
  expect(failing.code).toBe(1)
  expect(failing.out).toContain('vitest: 0 passed, 1 failed, 0 skipped\n')
})
