import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

// What a page's bundle holds when it runs an API of its own in the service worker: the generic
// worker entry and the core, never the Blog API (its routes, its GraphQL), nor zod when the API's
// schemas are another library's. Built from
// the sources, as the example app's Vite does; tools/packages.test.ts checks the packed dist too.
const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** A page's module: an API with a hand-written Standard Schema, so no validation library. */
const PAGE = `
import { defineHalApi } from '@halyard/mock'
import { setupHalWorker } from '@halyard/mock/browser'

const text = {
  '~standard': {
    version: 1,
    vendor: 'page',
    validate: (value) => ({ value }),
  },
}
const api = defineHalApi({ basePath: '/api', collections: { notes: { schema: text } } })
await setupHalWorker(api, { persist: true }).worker.start()
`

/** The source files with code in the bundle (esbuild lists every file it read, kept or not). */
async function inputsOf(contents: string): Promise<string[]> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    conditions: ['@halyard/source'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path),
  )
}

describe('a page bundle running its own API in a worker', () => {
  it('holds no Blog code, no GraphQL and no zod', async () => {
    const inputs = await inputsOf(PAGE)
    // The bundle did take the mock's worker and core: the check looks at the right thing.
    expect(inputs).toContain('mock/src/shells/browser/index.ts')
    expect(inputs.some((input) => input.startsWith('mock/src/serve/'))).toBe(true)
    expect(inputs.filter((input) => /mock\/src\/blog|graphql|\/zod\//.test(input))).toEqual([])
  })

  it('takes no Blog, GraphQL or zod with the whole worker entry (as a dev pre-bundle does)', async () => {
    // Every export kept, as Vite's dependency pre-bundling keeps them: tree-shaking cannot help.
    const inputs = await inputsOf(`export * from '@halyard/mock/browser'`)
    expect(inputs).toContain('mock/src/shells/browser/index.ts')
    expect(inputs.filter((input) => /mock\/src\/blog|graphql|\/zod\//.test(input))).toEqual([])
  })

  it('holds the Blog API when the page asks for its worker', async () => {
    const inputs = await inputsOf(
      `import { setupBlogWorker } from '@halyard/mock/blog/browser'\nsetupBlogWorker()`,
    )
    expect(inputs.some((input) => /graphql/.test(input))).toBe(true)
  })
})
