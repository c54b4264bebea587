import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * The SDK's size budget: minified and gzipped, with its dependencies (ky 2 alone is ~8.9 KiB).
 * 15 KiB since the SDK follows redirects itself and bounds bodies;
 * 16.5 KiB since it reads HAL-FORMS templates, validates and submits actions, and patches (~1.5 KiB);
 * 16.55 KiB since a read builds less (links read on first use, the document split in one pass, no
 * Headers of its own without a token, nothing kept with the cache off): the SDK's own cost per
 * get() about halved (bench part 3); 17.4 KiB since it submits HAL-FORMS as others write them
 * (urlencoded bodies and queries, values checked by input type, step and maxItems, options behind
 * a link), bounds a whole call (one deadline across retries, redirects, the token and the body)
 * and resolves a relative baseUrl in a page (~0.8 KiB); a resource opens another on its client
 * (`go()`, which @halyard/query's paging needs); 17.65 KiB since its cache keeps a state per
 * `Accept` (RFC 9111 §4.1: a plain-HAL read after a HAL-FORMS one was served the HAL-FORMS state),
 * with no cost per read of the default one, a header given in any case replaces the default, and
 * DELETE templates, minItems and date bounds are honoured (~0.29 KiB); 16.8 KiB since it expands
 * RFC 6570 templates itself (std-uritemplate was ~1.7 KiB of it) and a chain of follow() names
 * where it starts; 15.25 KiB since HAL-FORMS (templates, validation, actions: ~1.4 KiB) moved to
 * `@halyard/sdk/forms`, the default adapter reading plain HAL; 15.35 KiB with an error that says
 * how to read actions on a client that reads none; 15.45 KiB since it reads what servers written
 * elsewhere send: `Expires` (RFC 9111 §4.2.1), templated next links (Spring Data REST), field
 * errors and problem titles of any shape, a 201's Location whatever its body; 15.95 KiB since
 * credentials are schemes (`auth`: a bearer token, a header, a cookie or a function), a state
 * navigates from its own links (`follow`, `followAll`, `resource`) and a call may retry less
 * (`retry`, for `@halyard/query` when TanStack retries).
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
// 15.8 KiB with what the whole SDK gained for servers written elsewhere, auth schemes and a
// state's navigation (see BUDGET_BYTES).
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
