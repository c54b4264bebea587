import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const LOADER = new URL('./load-module.ts', import.meta.url).href

// A user's project as `moduleResolution: bundler` writes it: extension-less relative imports and
// a `paths` alias, which Node's own type stripping cannot resolve.
let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'halyard-api-module-'))
  await mkdir(join(dir, 'src', 'lib'), { recursive: true })
  const files = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        module: 'preserve',
        moduleResolution: 'bundler',
        paths: { '@lib/*': ['./src/lib/*'] },
      },
    }),
    'src/api.ts': [
      "import { names } from './schemas'",
      "import { shout } from '@lib/shout'",
      'interface Shape { readonly names: readonly string[]; readonly loud: string }',
      "const api: Shape = { names, loud: shout('hi') }",
      'export default api',
    ].join('\n'),
    'src/schemas.ts': "export const names: string[] = ['notes']",
    'src/lib/shout.ts': 'export const shout = (text: string): string => text.toUpperCase()',
  }
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text)
}, 30_000)
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** Runs `script` in plain Node (no TypeScript loader of the test runner's) in the project. */
async function node(script: string): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
    })
    return { stdout, stderr, code: 0 }
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number }
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code }
  }
}

describe('loading the module --api names', { timeout: 60_000 }, () => {
  it("is a trap with Node's own import(): extension-less imports are not found", async () => {
    const plain = await node(`await import(${JSON.stringify(join(dir, 'src/api.ts'))})`)
    expect(plain.code).not.toBe(0)
    expect(plain.stderr).toMatch(/Cannot find module .*schemas/)
  })

  const load = () =>
    node(
      `const { importModule } = await import(${JSON.stringify(LOADER)})
       const module = await importModule('src/api.ts', process.cwd())
       console.log(JSON.stringify(module.default))`,
    )

  it('loads a TypeScript module as its project compiles it: extension-less and path-mapped imports', async () => {
    // No "type": Node reads the project's .ts files as CommonJS.
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'notes' }))
    try {
      const loaded = await load()
      expect(loaded.stderr).toBe('')
      expect(JSON.parse(loaded.stdout)).toEqual({ names: ['notes'], loud: 'HI' })
    } finally {
      await rm(join(dir, 'package.json'))
    }
  })

  it('loads it alike in a project of ES modules', async () => {
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
    try {
      const loaded = await load()
      expect(loaded.stderr).toBe('')
      expect(JSON.parse(loaded.stdout)).toEqual({ names: ['notes'], loud: 'HI' })
    } finally {
      await rm(join(dir, 'package.json'))
    }
  })

  // A shared folder (the system's temporary directory, where recordings often go) holds a
  // stranger's tsconfig.json whose `paths` point `zod` at their code; the module below it is in no
  // project of its own, and its `zod` resolves from the CLI's installation.
  it("compiles a module with no tsconfig.json of its package's, never a stranger's above it", async () => {
    const shared = await mkdtemp(join(tmpdir(), 'halyard-shared-'))
    try {
      await mkdir(join(shared, 'evil'))
      await mkdir(join(shared, 'rec'))
      await writeFile(
        join(shared, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { paths: { zod: ['./evil/zod.js'] } } }),
      )
      await writeFile(
        join(shared, 'evil', 'zod.js'),
        "console.log('planted code ran'); module.exports = { z: { string: () => 'planted' } }",
      )
      await writeFile(
        join(shared, 'rec', 'api.ts'),
        "import { z } from 'zod'\nexport default { kind: z.string().type }\n",
      )
      for (const cwd of [shared, join(shared, 'rec')]) {
        const { stdout, stderr } = await run(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const { importModule } = await import(${JSON.stringify(LOADER)})
             const module = await importModule('rec/api.ts', ${JSON.stringify(shared)})
             console.log(JSON.stringify(module.default))`,
          ],
          { cwd },
        )
        expect(stderr).toBe('')
        expect(JSON.parse(stdout)).toEqual({ kind: 'string' })
      }
    } finally {
      await rm(shared, { recursive: true, force: true })
    }
  })

  // Node before 22.15 has no module.registerHooks: a module of no project cannot borrow the CLI's.
  it('says which Node lends the CLI’s @halyard/mock and zod when the module’s folder has none', async () => {
    const shared = await mkdtemp(join(tmpdir(), 'halyard-no-hooks-'))
    try {
      await writeFile(join(shared, 'api.ts'), "import { z } from 'zod'\nexport default z\n")
      const loaded = await run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import module from 'node:module'
           module.registerHooks = undefined
           const { importModule } = await import(${JSON.stringify(LOADER)})
           try { await importModule('api.ts', ${JSON.stringify(shared)}) } catch (error) { console.log(error.message) }`,
        ],
        { cwd: shared },
      )
      expect(loaded.stdout).toMatch(/zod.*Node 22\.15 or later/s)
    } finally {
      await rm(shared, { recursive: true, force: true })
    }
  })
})
