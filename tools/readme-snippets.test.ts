import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createMockServer, type MockServer } from '@halyard/mock/blog/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { allSnippets, docsPages, readmes, type Snippet, snippetsOf } from './readme-snippets.js'

// Every TypeScript snippet of every README and docs page is type-checked as its own file, and run where Node
// and the mock are enough. Snippets written against `npm start` (http://127.0.0.1:4010) run
// against a mock server on a free port, its address put in their place.
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const NPM_START = 'http://127.0.0.1:4010'
const run = promisify(execFile)
const snippets = await allSnippets(ROOT)
const fileOf = (snippet: Snippet) =>
  `${snippet.readme.replace(/\W+/g, '-')}-line-${snippet.line}${snippet.run === 'vitest' ? '.test' : ''}.ts`

let dir = ''
let server: MockServer
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'halyard-snippets-'))
  // The snippets import the packages by name, as a user does: resolve them from this repository.
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }')
  server = await createMockServer({ port: 0, log: false })
})
afterAll(async () => {
  await server?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})
beforeEach(() => server.api.reset())

/** Writes `snippet` as a module, addressed to the test's server instead of `npm start`'s. */
async function write(snippet: Snippet): Promise<string> {
  const file = join(dir, fileOf(snippet))
  await writeFile(file, `${snippet.code.replaceAll(NPM_START, server.origin)}\nexport {}\n`)
  return file
}

describe('README and docs snippets', () => {
  it('are found in the root README, each package README and the docs guides', () => {
    const readmes = new Set(snippets.map((s) => s.readme))
    const pages = ['README.md', 'mock/README.md', 'sdk/README.md', 'docs/guide/getting-started.md']
    for (const readme of pages) {
      expect(readmes, readme).toContain(readme)
    }
  })

  it('type-check, each as a file of its own (strict, moduleResolution "bundler")', async () => {
    for (const snippet of snippets) await write(snippet)
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          noEmit: true,
          module: 'preserve',
          moduleResolution: 'bundler',
          // The workspaces' sources, so that no build is needed (as in the repository's tests).
          customConditions: ['@halyard/source'],
          target: 'es2023',
          lib: ['es2023', 'dom', 'dom.iterable'],
          types: ['node'],
          skipLibCheck: true,
        },
        include: ['*.ts'],
      }),
    )
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
    const result = await run(process.execPath, [tsc, '-p', dir]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    )
    expect(result.stdout).toBe('')
  }, 120_000)

  it.each(
    snippets.filter((s) => s.run === 'node').map((s) => [`${s.readme}:${s.line}`, s] as const),
  )(
    'run: %s (Node)',
    async (_, snippet) => {
      const file = await write(snippet)
      const { stderr } = await run(
        process.execPath,
        ['--conditions=@halyard/source', '--import', 'tsx', file],
        { cwd: ROOT, timeout: 30_000 },
      )
      expect(stderr).toBe('')
    },
    40_000,
  )

  it.each(
    snippets.filter((s) => s.run === 'vitest').map((s) => [`${s.readme}:${s.line}`, s] as const),
  )(
    'run: %s (as a Vitest test file)',
    async (_, snippet) => {
      const file = await write(snippet)
      // Conditions as in the repository's own config: the sources, and graphql's ES build.
      await writeFile(
        join(dir, 'vitest.config.mjs'),
        `const conditions = ['@halyard/source', 'module-sync']
export default { resolve: { conditions }, ssr: { resolve: { conditions } } }`,
      )
      const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs')
      const { stdout } = await run(process.execPath, [vitest, 'run', '--root', dir, file], {
        cwd: dir,
        timeout: 60_000,
        env: { ...process.env, CI: '1', NO_COLOR: '1' },
      })
      expect(stdout).toMatch(/Tests\s+\d+ passed/)
      expect(stdout).not.toMatch(/failed|skipped/)
    },
    70_000,
  )
})

describe('README and docs shell snippets', () => {
  // `npm install @halyard/mock` puts the bin in node_modules/.bin, on no shell's PATH: a bare
  // `halyard-mock …` copied from a page fails with "command not found".
  it('run the CLI as an install has it: through npx (or npm start), never as a bare halyard-mock', async () => {
    const bare: string[] = []
    for (const page of [...(await readmes(ROOT)), ...(await docsPages(ROOT))]) {
      const markdown = await readFile(join(ROOT, page), 'utf8')
      for (const match of markdown.matchAll(
        /^( *)```(?:sh|bash|shell|console)\n([\s\S]*?)^\1```/gm,
      )) {
        const first = markdown.slice(0, match.index).split('\n').length + 1
        for (const [i, line] of (match[2] ?? '').split('\n').entries()) {
          // A command at the start of a line, after variables it is given (`TOKEN=… halyard-mock`).
          if (/^\s*(?:\w+=\S*\s+)*halyard-mock\b/.test(line))
            bare.push(`${page}:${first + i}: ${line.trim()}`)
        }
      }
    }
    expect(bare).toEqual([])
  })
})

describe('snippetsOf', () => {
  it('takes ts and typescript fences, indented ones dedented, and leaves out fragments and tsx', () => {
    const markdown = [
      '# Title',
      '```ts',
      "import { it } from 'vitest'",
      '```',
      '- a list item:',
      '',
      '  ```typescript',
      '  const a = 1',
      '  ```',
      '```ts fragment',
      'partial(',
      '```',
      '```sh',
      'npm start',
      '```',
      '```tsx',
      'const b = <p />',
      '```',
    ].join('\n')
    expect(snippetsOf('X.md', markdown)).toEqual([
      { readme: 'X.md', line: 2, code: "import { it } from 'vitest'\n", run: 'vitest' },
      { readme: 'X.md', line: 7, code: 'const a = 1\n', run: 'node' },
    ])
  })
})
