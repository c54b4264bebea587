import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * The SDK's size budget: minified and gzipped, with its dependencies (ky is most of it). A change
 * that grows the bundle raises it here, in the same commit, so the growth is reviewed.
 */
const BUDGET_BYTES = 15.95 * 1024

/**
 * What an app that only reads bundles: a client, a followed rel, a read and a walk through the
 * items. Every method of `Resource` is in it (a class's methods do not tree-shake), HAL-FORMS not.
 */
const READ_ONLY = [
  `import { createClient } from '${fileURLToPath(new URL('../src/index.ts', import.meta.url))}'`,
  `const list = createClient({ baseUrl: location.origin }).go().follow('items')`,
  `console.log(await list.get())`,
  `for await (const item of list.items()) console.log(item.data)`,
].join('\n')
// A read-only app leaves HAL-FORMS (`@halyard/sdk/forms`) out of its bundle.
const READ_ONLY_BUDGET_BYTES = 15.8 * 1024

/** Bundles an entry the way a browser app's bundler would: minified ESM, every dependency in. */
async function bundle(entry: string | { contents: string }) {
  const result = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [fileURLToPath(new URL(entry, import.meta.url))] }
      : {
          stdin: {
            contents: entry.contents,
            resolveDir: fileURLToPath(new URL('.', import.meta.url)),
          },
        }),
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    metafile: true,
  })
  const code = result.outputFiles[0]?.contents ?? new Uint8Array()
  return {
    errors: result.errors,
    inputs: Object.keys(result.metafile.inputs),
    gzipped: gzipSync(code, { level: 9 }).byteLength,
  }
}

describe('bundles for the browser', () => {
  it.each([
    ['@halyard/sdk', '../src/index.ts'],
    ['@halyard/sdk/blog', '../src/blog/index.ts'],
  ])('%s bundles with no Node built-in and no polyfill', async (_name, entry) => {
    const { errors, inputs } = await bundle(entry)
    expect(errors).toEqual([])
    expect(inputs.some((input) => input.includes('node_modules/ky/'))).toBe(true)
    expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([])
  })

  it(`@halyard/sdk with its dependencies is at most ${BUDGET_BYTES} bytes minified and gzipped`, async () => {
    const { gzipped } = await bundle('../src/index.ts')
    expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it(`a read-only app bundles no HAL-FORMS code, and is at most ${READ_ONLY_BUDGET_BYTES} bytes`, async () => {
    const { errors, inputs, gzipped } = await bundle({ contents: READ_ONLY })
    expect(errors).toEqual([])
    expect(inputs.filter((input) => /(hal-forms|forms|action)\.ts$/.test(input))).toEqual([])
    expect(gzipped).toBeLessThanOrEqual(READ_ONLY_BUDGET_BYTES)
  })
})
