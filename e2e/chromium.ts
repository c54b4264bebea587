import { existsSync } from 'node:fs'
import { chromium, type LaunchOptions } from '@playwright/test'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

// Without these, Chromium keeps dialling Google's hosts, which a closed network refuses many times
// a second; QUIC is off because loopback servers here speak HTTP/1.1 only.
const QUIET_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** What the lookup reads of the machine; a parameter so the order can be tested anywhere. */
export interface Machine {
  readonly env: NodeJS.ProcessEnv
  readonly exists: (path: string) => boolean
  /** Where Playwright's own Chromium would be (it may not be downloaded). */
  readonly bundledPath: () => string
}

const thisMachine: Machine = {
  env: process.env,
  exists: existsSync,
  bundledPath: () => chromium.executablePath(),
}

/**
 * The Chromium the e2e suite drives, in order: `PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH`, Debian's
 * `/usr/bin/chromium`, then Playwright's own download. Throws a message naming the fix when none
 * exists, rather than Playwright's generic "Executable doesn't exist".
 *
 * @example
 * // playwright.config.ts
 * export default defineConfig({ use: { launchOptions: chromiumLaunchOptions() } })
 */
export function chromiumLaunchOptions(machine: Machine = thisMachine): LaunchOptions {
  const { env, exists, bundledPath } = machine
  const fromEnv = env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH
  if (fromEnv) {
    if (!exists(fromEnv)) {
      throw new Error(
        `PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH is set to ${fromEnv}, but there is no file there. ` +
          'Point it at a Chromium or Chrome binary, or unset it.',
      )
    }
    return { executablePath: fromEnv, args: QUIET_FLAGS }
  }
  if (exists(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, args: QUIET_FLAGS }
  const bundled = bundledPath()
  if (bundled && exists(bundled)) return { args: QUIET_FLAGS }
  throw new Error(
    'No Chromium found for the e2e tests. Install one of: Debian/Ubuntu `apt-get install chromium` ' +
      `(${DEBIAN_CHROMIUM}); Playwright's own with \`npx playwright install chromium\`; or set ` +
      'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH to an existing Chromium or Chrome binary.',
  )
}
