import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { expect, it } from 'vitest'

// The browser entry (service worker) and the Playwright fixture reuse the core as it is, so the
// core and `@halyard/mock/browser` must bundle for the browser with no Node built-in and no polyfill.
it.each([
  'index.ts',
  'kit.ts',
  'shells/browser/index.ts',
  'blog/index.ts',
  'blog/shells/browser.ts',
])('bundles src/%s for the browser without Node built-ins', async (entry) => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`../src/${entry}`, import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    conditions: ['@halyard/source'],
    metafile: true,
  })
  expect(result.errors).toEqual([])
  const inputs = Object.keys(result.metafile.inputs)
  // The check reads a bundle that holds the core (and the Blog API where the entry has it).
  expect(inputs.some((input) => input.includes('src/serve/'))).toBe(true)
  expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([])
})
