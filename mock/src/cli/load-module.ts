// Loads the module `--api` names. No relative imports: Node runs this file as it is (type
// stripping), which is how `load-module.test.ts` checks it outside any TypeScript loader.
import { existsSync } from 'node:fs'
import module from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** TypeScript files, which Node alone loads only when every import names its `.ts` file. */
const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/i

/** The packages a module shares with the CLI, and their entries. */
const SHARED = /^(?:@halyard\/mock|zod)(?:\/|$)/

/**
 * Imports the module `--api` names so that it and the server share one `@halyard/mock` (and one
 * `zod`): the module's imports of them resolve from its folder, else from the CLI's own
 * installation, so that a recording serves from a folder of no project. A TypeScript file goes
 * through tsx, with the project settings of a `tsconfig.json` only when it is the module's own
 * ({@link trustedTsconfig}), so that extension-less imports (`moduleResolution: bundler`) and
 * `paths` aliases resolve as in the user's editor; any other file with Node's own `import()`.
 * `file` is relative to `cwd`. Meant to be called once per process: the hooks it registers stay.
 *
 * @example
 * const { default: api } = await importModule('src/mocks/api.ts', process.cwd())
 */
export async function importModule(file: string, cwd: string): Promise<{ default?: unknown }> {
  const path = resolve(cwd, file)
  const url = pathToFileURL(path).href
  if (!TYPESCRIPT.test(path)) {
    shareWithCli()
    return import(url).catch((error: unknown) => {
      throw withoutHooksHint(error)
    })
  }
  const [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')])
  // A namespace, as `tsImport` uses, keeps tsx out of the CLI's own imports. tsx's CommonJS side
  // takes its tsconfig.json from TSX_TSCONFIG_PATH, else the nearest above the working directory.
  const namespace = `halyard-mock-${process.pid}`
  const tsconfig = trustedTsconfig(path)
  const before = process.env.TSX_TSCONFIG_PATH
  process.env.TSX_TSCONFIG_PATH = tsconfig ?? fileURLToPath(NO_PROJECT)
  try {
    cjs.register({ namespace })
  } finally {
    if (before === undefined) delete process.env.TSX_TSCONFIG_PATH
    else process.env.TSX_TSCONFIG_PATH = before
  }
  const scoped = esm.register({ namespace, tsconfig: tsconfig ?? false })
  // After tsx's hooks, so that this one sees what they resolve.
  shareWithCli()
  let loaded: { default?: unknown }
  try {
    loaded = (await scoped.import(url, import.meta.url)) as { default?: unknown }
  } catch (error) {
    throw withoutHooksHint(error)
  }
  // In a project without "type": "module" the file is CommonJS: its `export default` sits one
  // level down, as `__esModule` exports.
  const exports = loaded.default as { __esModule?: boolean; default?: unknown } | undefined
  return exports?.__esModule === true ? { default: exports.default } : loaded
}

/** An empty `tsconfig.json`: tsx's defaults, for a module with no trusted one. */
const NO_PROJECT = new URL('./no-project.tsconfig.json', import.meta.url)

/**
 * Registers a resolve hook for `@halyard/mock` and `zod` (Node 22.15 and later; before, the
 * module's folder must resolve them). What the module's folder resolves is taken as Node's file,
 * without the query tsx's namespace adds (a query makes another instance of the same file); what
 * it cannot, is resolved from here, the CLI's installation.
 */
function shareWithCli(): void {
  if (typeof module.registerHooks !== 'function') return
  module.registerHooks({
    resolve(specifier, context, next) {
      if (!SHARED.test(specifier)) return next(specifier, context)
      let resolved: ReturnType<typeof next>
      try {
        resolved = next(specifier, context)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error
        return { url: import.meta.resolve(specifier), shortCircuit: true }
      }
      const url = new URL(resolved.url)
      if (url.protocol !== 'file:') return resolved
      // tsx's CommonJS side writes its namespace into the path as an escaped `?`.
      url.pathname = url.pathname.replace(/%3F.*$/i, '')
      url.search = ''
      url.hash = ''
      return { ...resolved, url: url.href }
    },
  })
}

/**
 * A module's import of `@halyard/mock` or `zod` its folder cannot resolve, on a Node without
 * `module.registerHooks` (before 22.15), which cannot lend the CLI's: the error says so.
 */
function withoutHooksHint(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  if (typeof module.registerHooks === 'function' || typeof message !== 'string') return error
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return error
  if (!/['"](?:@halyard\/mock|zod)(?:\/[^'"]*)?['"]/.test(message)) return error
  return new Error(
    `${message}\nNode ${process.versions.node} cannot lend the CLI's own @halyard/mock and zod to a module whose folder has none: install them beside it, or run Node 22.15 or later.`,
    { cause: error },
  )
}

/**
 * The `tsconfig.json` a module is compiled with: the one in its own folder, else the one beside
 * the `package.json` of the package it belongs to (the nearest above it), never one further up.
 * A `tsconfig.json` in a shared folder above (the system's temporary directory) is a stranger's:
 * its `paths` could point `zod` at any code.
 *
 * @example
 * trustedTsconfig('/home/me/shop/src/mocks/api.ts') // '/home/me/shop/tsconfig.json'
 */
export function trustedTsconfig(file: string): string | undefined {
  const own = join(dirname(file), 'tsconfig.json')
  if (existsSync(own)) return own
  for (let at = dirname(file); ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) {
      const root = join(at, 'tsconfig.json')
      return existsSync(root) ? root : undefined
    }
    if (dirname(at) === at) return undefined
  }
}
