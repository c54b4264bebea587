import { execFile, spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../e2e/chromium.js'
import { e2ePort } from '../e2e/port.js'
import {
  installTarballs,
  type PackedTarball,
  packedTarballs,
  WORKSPACES,
} from '../mock/test/packed.js'
import { relativeLinks } from './markdown-links.js'
import { viteApp } from './vite-app.js'

// The packages as a user gets them: packed (prepack builds them; the tarballs the CLI tests run are
// the same, see mock/test/packed.ts), installed from the tarballs into a project of their own,
// offline, then imported from plain Node and type-checked by TypeScript.
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const run = promisify(execFile)
// `msw/browser` is `null` under Node's `node` condition: these entries load only in a bundle.
const BROWSER_ONLY = new Set(['@halyard/mock/browser', '@halyard/mock/blog/browser'])
/** What each browser-only entry must export. */
const BROWSER_EXPORTS: Readonly<Record<string, string>> = {
  '@halyard/mock/browser': 'setupHalWorker',
  '@halyard/mock/blog/browser': 'setupBlogWorker',
}

// A user's own API and its typed client, with no hand-written resource type: each misspelling must
// be refused (an unused `@ts-expect-error` is an error too).
const TYPED_CLIENT = `import { type ClientTypes, defineCollection, defineHalApi } from '@halyard/mock'
import { createClient, type Resource, type State } from '@halyard/sdk'
import { type Article, createBlogClient } from '@halyard/sdk/blog'
import { z } from 'zod'

const api = defineHalApi({
  basePath: '/api',
  collections: {
    authors: { schema: z.object({ name: z.string() }), seed: [{ name: 'Le Guin' }] },
    books: defineCollection({
      schema: z.object({ title: z.string(), authorId: z.number(), genre: z.enum(['sf', 'poetry']) }),
      seed: [{ title: 'The Dispossessed', authorId: 1, genre: 'sf' }],
      links: { author: { to: 'authors', id: (book) => book.authorId, reverse: 'books' } },
      embed: ['author'],
    }),
  },
})
type Api = ClientTypes<typeof api>

export async function use(): Promise<void> {
  const client = createClient({ baseUrl: 'http://localhost/api', token: 'dev-token' })
  const books = client.go<Api['root']>().follow('books', { size: 10 })
  const page = await books.get()
  const total: number = page.data.page.totalElements
  for (const book of page.embedded('books')) {
    const title: string = book.data.title
    const [author] = book.embedded('author')
    const name: string | undefined = author?.data.name
    const theirs = await client.go<Api['items']['authors']>(book.links.get('author')?.href ?? '')
      .follow('books', { page: 0 })
      .get()
    const more: readonly State<Api['items']['books']>[] = theirs.embedded('books')
    console.log(total, title, name, more)
  }
  const created: Resource<Api['items']['books']> = await books.post({
    title: 'Lathe of Heaven',
    authorId: 1,
    genre: 'sf',
  })
  const state = await created.get()
  await state.action('patch').submit({ genre: 'poetry' })
  await created.put({ title: 'The Lathe of Heaven', authorId: 1, genre: 'sf' })

  // @ts-expect-error a misspelt rel
  client.go<Api['root']>().follow('bokos')
  // @ts-expect-error a misspelt template variable
  client.go<Api['root']>().follow('books', { sise: 10 })
  // @ts-expect-error a misspelt embedded rel
  page.embedded('book')
  // @ts-expect-error the body is the fields, not wrapped in data
  await books.post({ data: { title: 'x', authorId: 1, genre: 'sf' } })
  // @ts-expect-error a misspelt member
  await created.put({ titel: 'x', authorId: 1, genre: 'sf' })
  // @ts-expect-error a value outside the enum
  await state.action('patch').submit({ genre: 'drama' })
  // @ts-expect-error a misspelt action
  state.action('pacth')
  // @ts-expect-error a misspelt field
  state.action('patch').field('genr')

  // The Blog's types, printed from its definition into @halyard/sdk/blog.
  const blog = createBlogClient({ baseUrl: 'http://127.0.0.1:4010' })
  const article: State<Article> = await blog.article('blogs/1/articles/1').get()
  const articles = await blog.blog(1).follow('doc:articles', { pageSize: 5 }).get()
  const totalArticles: number = articles.data.totalArticles
  console.log(article.data.title, totalArticles)
  // @ts-expect-error a misspelt rel of the Blog
  blog.blog(1).follow('doc:article')
  // @ts-expect-error an article needs a title
  await blog.createArticle(1, { content: 'x' })
}
`

let dir = ''
let packed: PackedTarball[] = []
/** What the prepack builds printed. */
let buildOutput = ''
const specifiers: string[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'halyard-packages-'))
  const packs = await packedTarballs()
  packed = packs.tarballs
  buildOutput = packs.buildOutput
  for (const { folder } of WORKSPACES) {
    const manifest = JSON.parse(await readFile(join(ROOT, folder, 'package.json'), 'utf8')) as {
      name: string
      exports: Record<string, unknown>
    }
    for (const key of Object.keys(manifest.exports)) {
      specifiers.push(key === '.' ? manifest.name : `${manifest.name}${key.slice(1)}`)
    }
  }
  await installTarballs(
    dir,
    packed,
    WORKSPACES.map(({ name }) => name),
    // The mock's peer (users install their own MSW beside it), the fixture's optional peer,
    // @halyard/query's peer, Node's types for the TypeScript check, and a Vite + React app's stack.
    [
      'msw',
      '@playwright/test',
      '@tanstack/query-core',
      '@types/node',
      'vite',
      'react',
      'react-dom',
      '@tanstack/react-query',
    ],
  )
}, 300_000)

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

// tsc over the packages' declarations and their dependencies' takes seconds, more on a busy machine.
describe('the packed packages', { timeout: 180_000 }, () => {
  it('hold the build, a README, a LICENSE and a CHANGELOG of their version, and no tests', async () => {
    expect(packed.map((p) => p.name).sort()).toEqual(WORKSPACES.map((w) => w.name).sort())
    for (const { name, files } of packed) {
      const paths = files.map((file) => file.path)
      expect(paths, name).toEqual(
        expect.arrayContaining(['README.md', 'LICENSE', 'CHANGELOG.md', 'dist/index.js']),
      )
      const { version } = JSON.parse(
        await readFile(join(dir, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { version: string }
      const changelog = await readFile(join(dir, 'node_modules', name, 'CHANGELOG.md'), 'utf8')
      expect(changelog, name).toContain(`## ${version}\n`)
      expect(
        paths.filter((path) => /\.test\.ts$|(^|\/)test\//.test(path)),
        name,
      ).toEqual([])
    }
  })

  it('hold READMEs that link only to absolute URLs (no repository around them on npm)', async () => {
    for (const { name } of WORKSPACES) {
      const readme = await readFile(join(dir, 'node_modules', name, 'README.md'), 'utf8')
      expect(relativeLinks(readme), name).toEqual([])
    }
  })

  it('declare their types with no private type a user would meet as TS2742', () => {
    expect(buildOutput).toContain('Build success')
    expect(buildOutput).not.toMatch(/private shared type exports[^\n]*/)
  })

  it("leave MSW to the user's project: a peer of the mock, never a copy of its own", async () => {
    const manifest = JSON.parse(await readFile(join(ROOT, 'mock', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
      peerDependencies: Record<string, string>
      devDependencies: Record<string, string>
    }
    expect(manifest.dependencies).not.toHaveProperty('msw')
    expect(manifest.peerDependencies.msw).toBe(manifest.devDependencies.msw)
    const installed = await readdir(join(dir, 'node_modules', '@halyard', 'mock'))
    expect(installed).not.toContain('node_modules')
  })

  it('import from plain Node ESM, every entry of exports', async () => {
    const script = `
for (const specifier of ${JSON.stringify(specifiers.filter((s) => !BROWSER_ONLY.has(s)))}) {
  const module = specifier.endsWith('/package.json')
    ? await import(specifier, { with: { type: 'json' } })
    : await import(specifier)
  if (Object.keys(module).length === 0) throw new Error(specifier + ' exports nothing')
  console.log(specifier)
}`
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
    })
    expect(stdout.trim().split('\n')).toEqual(specifiers.filter((s) => !BROWSER_ONLY.has(s)))
  })

  it('load from CommonJS with require() (require(esm), Node 22.12 and later)', async () => {
    const entries = specifiers.filter((s) => !BROWSER_ONLY.has(s) && !s.endsWith('/package.json'))
    const script = `for (const specifier of ${JSON.stringify(entries)}) {
  if (Object.keys(require(specifier)).length === 0) throw new Error(specifier + ' exports nothing')
}`
    await run(process.execPath, ['--input-type=commonjs', '-e', script], { cwd: dir })
  })

  it('bundle for the browser, the browser-only entries', async () => {
    for (const specifier of BROWSER_ONLY) {
      const result = await build({
        stdin: { contents: `export * from '${specifier}'`, resolveDir: dir },
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
        metafile: true,
      })
      expect(result.errors, specifier).toEqual([])
      expect(result.outputFiles[0]?.text, specifier).toContain(BROWSER_EXPORTS[specifier])
      if (specifier === '@halyard/mock/browser') {
        // The generic worker carries no API of its own: no Blog, so no GraphQL.
        const inputs = Object.keys(result.metafile.inputs)
        expect(inputs.filter((input) => /graphql|blog/.test(input))).toEqual([])
      }
    }
  })

  it('run a Vite + React app that starts its own worker in main.tsx: under testWithHalApi with no switch, in development, built for production', async () => {
    const app = join(dir, 'app')
    const port = await e2ePort('HALYARD_PACKED_APP_PORT')
    for (const [path, text] of Object.entries(viteApp(port, chromiumLaunchOptions()))) {
      await mkdir(dirname(join(app, path)), { recursive: true })
      await writeFile(join(app, path), text)
    }
    const playwright = join(dir, 'node_modules/@playwright/test/cli.js')
    const result = await run(process.execPath, [playwright, 'test'], {
      cwd: app,
      env: { ...process.env, CI: '1', FORCE_COLOR: '0' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout: string; stderr: string }) => error)
    expect(`${result.stdout}\n${result.stderr}`).toMatch(/\b3 passed\b/)
    // The same main.tsx in production: its entry holds neither MSW nor the code that starts the
    // worker, and names no chunk of the mock.
    // NODE_ENV as a user's build has it: Vitest's `test` would make `import.meta.env.DEV` true.
    await run(process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: app,
      env: { ...process.env, NODE_ENV: 'production' },
    })
    const assets = join(app, 'dist', 'assets')
    const files = await readdir(assets)
    const text = new Map(
      await Promise.all(
        files.map(async (file) => [file, await readFile(join(assets, file), 'utf8')] as const),
      ),
    )
    const entry = files.find((file) => /^index-.*\.js$/.test(file)) ?? 'no entry chunk'
    const entryText = text.get(entry) ?? ''
    expect(entryText).toContain('index.html lacks #root') // the app is there
    const mockChunks = files.filter((file) => /\[MSW\]|setupWorker/.test(text.get(file) ?? ''))
    expect(mockChunks).not.toContain(entry)
    expect(entryText).not.toMatch(/onUnhandledFrame|mockServiceWorker/)
    expect(mockChunks.filter((file) => entryText.includes(file))).toEqual([])
  })

  it('end the server when the process that ran `npx halyard-mock` or the bin is killed', async () => {
    await cp(join(ROOT, 'examples/shop/api.ts'), join(dir, 'shop.ts'))
    const bin = join(dir, 'node_modules/.bin/halyard-mock')
    const args = ['--port', '0', '--api', join(dir, 'shop.ts')]
    for (const command of [
      ['npx', 'halyard-mock', ...args],
      [bin, ...args],
    ]) {
      // A parent as a script or Playwright's webServer is one: the CLI's stdin a pipe from it.
      // Its output goes straight to this test, so that no write to a closed pipe ends it instead.
      const script = `require('node:child_process').spawn(${JSON.stringify(command[0])}, ${JSON.stringify(command.slice(1))}, { stdio: ['pipe', 'inherit', 'inherit'] })`
      const parent = spawn(process.execPath, ['-e', script], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      parent.stdout.on('data', (chunk) => {
        output += chunk
      })
      parent.stderr.on('data', (chunk) => {
        output += chunk
      })
      let url: string | undefined
      while (url === undefined) {
        if (parent.exitCode !== null) throw new Error(`${command[0]}: the parent exited: ${output}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
        url = /listening on (\S+)/.exec(output)?.[1]
      }
      const { hostname, port } = new URL(url)
      // A bare connection: it reaches the server without a request it would log.
      const listening = () =>
        new Promise<boolean>((resolve) => {
          const socket = connect({ host: hostname, port: Number(port) })
          const done = (up: boolean) => {
            socket.destroy()
            resolve(up)
          }
          socket.once('connect', () => done(true)).once('error', () => done(false))
          socket.setTimeout(1000, () => done(false))
        })
      expect(await listening(), command[0]).toBe(true)
      parent.kill('SIGKILL')
      // The server notices within a moment; one left behind keeps listening until the bound.
      let still = true
      for (let tries = 0; still && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        still = await listening()
      }
      expect(still, command[0]).toBe(false)
    }
  })

  it('type a client from a new definition alone, under the TypeScript of the repository and the current one (7)', async () => {
    await writeFile(join(dir, 'typed-client.ts'), TYPED_CLIENT)
    await writeFile(join(dir, 'tsconfig.typed.json'), userTsconfig('typed-client.ts', []))
    // The SDK's declarations stand alone: its users need neither the mock nor zod.
    for (const file of ['index.d.ts', 'blog.d.ts']) {
      const declarations = await readFile(join(dir, 'node_modules/@halyard/sdk/dist', file), 'utf8')
      expect(declarations, file).not.toMatch(/@halyard\/mock|from ['"]zod['"]/)
    }
    // TypeScript 7's `tsc` is a native binary (an optional dependency per platform), installed
    // apart from the project as a user would add it.
    const ts7 = join(dir, 'ts7')
    await run(
      'npm',
      ['install', '--prefix', ts7, '--no-audit', '--no-fund', '--prefer-offline', 'typescript@7'],
      { cwd: dir },
    )
    const compilers = [
      [process.execPath, join(ROOT, 'node_modules/typescript/bin/tsc')],
      [join(ts7, 'node_modules/.bin/tsc')],
    ]
    for (const [command = '', ...args] of compilers) {
      const { stdout: version } = await run(command, [...args, '-v'])
      const result = await run(command, [...args, '-p', join(dir, 'tsconfig.typed.json')]).catch(
        (error: { stdout: string }) => ({ stdout: error.stdout }),
      )
      expect(result.stdout, version).toBe('')
    }
    expect((await run(join(ts7, 'node_modules/.bin/tsc'), ['-v'])).stdout).toMatch(/^Version 7\./)
  })

  it('type-check with moduleResolution "bundler"', async () => {
    const imports = specifiers.filter((s) => !s.endsWith('/package.json'))
    const source = [
      ...imports.map((s, i) => `import * as entry${i} from '${s}'`),
      "import { createBlogApi } from '@halyard/mock/blog'",
      "import { createBlogClient, type Article } from '@halyard/sdk/blog'",
      'const api = createBlogApi({ articles: 3 })',
      "const client = createBlogClient({ baseUrl: 'http://127.0.0.1:4010' })",
      "export async function first(): Promise<Article['data'] | undefined> {",
      '  for await (const article of client.articles(1)) return article.data',
      '  return undefined',
      '}',
      "import { halQueryOptions } from '@halyard/query'",
      "import { QueryClient } from '@tanstack/query-core'",
      'export async function title(uri: string): Promise<string> {',
      '  const state = await new QueryClient().fetchQuery(halQueryOptions(client.article(uri)))',
      '  return state.data.title',
      '}',
      // A type that failed to resolve would be `any` and accept this; a resolved one must not.
      `// @ts-expect-error createBlogApi takes no string
createBlogApi('nope')`,
      `export const entries = [api.db, ${imports.map((_, i) => `entry${i}`).join(', ')}]`,
    ].join('\n')
    await writeFile(join(dir, 'check.ts'), source)
    await writeFile(join(dir, 'tsconfig.json'), userTsconfig('check.ts', ['node']))
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
    const result = await run(process.execPath, [tsc, '-p', dir]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    )
    expect(result.stdout).toBe('')
  })
})

/** A user's tsconfig for one file under `moduleResolution: "bundler"`, libraries checked too. */
function userTsconfig(file: string, types: string[]): string {
  return JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: 'preserve',
      moduleResolution: 'bundler',
      target: 'es2022',
      lib: ['es2023', 'dom', 'dom.iterable'],
      types,
      skipLibCheck: false,
    },
    files: [file],
  })
}
