import { describe, expect, it } from 'vitest'
import { chromiumLaunchOptions, type Machine } from './chromium.js'

const machine = (files: string[], env: NodeJS.ProcessEnv = {}): Machine => ({
  env,
  exists: (path) => files.includes(path),
  bundledPath: () => '/home/me/.cache/ms-playwright/chromium/chrome',
})

describe('which Chromium the e2e suite drives', () => {
  it('takes PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH first, even over Debian’s', () => {
    const env = { PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: '/opt/chrome/chrome' }
    const options = chromiumLaunchOptions(machine(['/opt/chrome/chrome', '/usr/bin/chromium'], env))
    expect(options.executablePath).toBe('/opt/chrome/chrome')
  })

  it('refuses a PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH that points at nothing, naming the variable', () => {
    const env = { PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: '/nowhere/chrome' }
    expect(() => chromiumLaunchOptions(machine(['/usr/bin/chromium'], env))).toThrow(
      /PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH is set to \/nowhere\/chrome/,
    )
  })

  it('then Debian’s /usr/bin/chromium', () => {
    expect(chromiumLaunchOptions(machine(['/usr/bin/chromium'])).executablePath).toBe(
      '/usr/bin/chromium',
    )
  })

  it('then Playwright’s own download, by leaving executablePath to Playwright', () => {
    const options = chromiumLaunchOptions(
      machine(['/home/me/.cache/ms-playwright/chromium/chrome']),
    )
    expect(options).not.toHaveProperty('executablePath')
  })

  it('names every fix when there is no Chromium at all', () => {
    expect(() => chromiumLaunchOptions(machine([]))).toThrow(
      /apt-get install chromium.*npx playwright install chromium.*PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH/s,
    )
  })

  it('always passes the flags that keep Chromium off the network', () => {
    expect(chromiumLaunchOptions(machine(['/usr/bin/chromium'])).args).toEqual(
      expect.arrayContaining(['--disable-background-networking', '--disable-quic']),
    )
  })
})
