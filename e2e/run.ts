import { spawnSync } from 'node:child_process'

// `npm run e2e`: the Vitest targets (browser worker, conformance), then the Playwright specs and the
// Playwright example. With E2E_BASE_URL set, only the conformance run, against that server (the
// Vitest config drops the browser project then). npm puts node_modules/.bin on PATH; Windows needs
// a shell for its shims.
const steps = process.env.E2E_BASE_URL
  ? [['vitest', 'run', '-c', 'e2e/vitest.config.ts']]
  : [
      ['vitest', 'run', '-c', 'e2e/vitest.config.ts'],
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      ['playwright', 'test', '-c', 'examples/playwright/playwright.config.ts'],
    ]

// Playwright's loader ignores Vite's resolve conditions: without this, specs importing
// `@halyard/mock/playwright` would run whatever `mock/dist` holds, stale or missing.
const nodeOptions = [process.env.NODE_OPTIONS, '--conditions=@halyard/source'].filter(Boolean)
const env = { ...process.env, NODE_OPTIONS: nodeOptions.join(' ') }

/** `git status --porcelain`, or undefined outside a git checkout (an unpacked tarball, say). */
const treeStatus = (): string | undefined => {
  const git = spawnSync('git', ['status', '--porcelain'], { encoding: 'utf8' })
  return git.status === 0 ? git.stdout : undefined
}
const before = treeStatus()

for (const [command = '', ...args] of steps) {
  const { status, error } = spawnSync(command, args, {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  })
  if (error) throw error
  if (status !== 0) process.exit(status ?? 1)
}

// A test run must not write into the tree (screenshots only with UPDATE_SCREENSHOTS=1).
const after = treeStatus()
if (before !== undefined && after !== before && process.env.UPDATE_SCREENSHOTS !== '1') {
  console.error(`The e2e run changed the working tree:\n${after}`)
  process.exit(1)
}
