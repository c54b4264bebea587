// Loads the module `--api` names. No relative imports: Node runs this file as it is (type
// stripping), which is how `load-module.test.ts` checks it outside any TypeScript loader.
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** TypeScript files, which Node alone loads only when every import names its `.ts` file. */
const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/i

/**
 * Imports a module the way the project it belongs to compiles it: a TypeScript file through tsx
 * (`tsx/esm/api`), with the nearest `tsconfig.json` above it, so that extension-less imports
 * (`moduleResolution: bundler`) and `paths` aliases resolve as in the user's editor; any other
 * file with Node's own `import()`. `file` is relative to `cwd`.
 *
 * @example
 * const { default: api } = await importModule('src/mocks/api.ts', process.cwd())
 */
export async function importModule(file: string, cwd: string): Promise<{ default?: unknown }> {
  const path = resolve(cwd, file)
  if (!TYPESCRIPT.test(path)) return import(pathToFileURL(path).href)
  const { tsImport } = await import('tsx/esm/api')
  const tsconfig = nearestTsconfig(dirname(path))
  const module = (await tsImport(pathToFileURL(path).href, {
    parentURL: import.meta.url,
    ...(tsconfig === undefined ? {} : { tsconfig }),
  })) as { default?: unknown }
  // In a project without "type": "module" the file is CommonJS: its `export default` sits one
  // level down, as `__esModule` exports.
  const exports = module.default as { __esModule?: boolean; default?: unknown } | undefined
  return exports?.__esModule === true ? { default: exports.default } : module
}

/** The `tsconfig.json` in `dir` or the closest folder above it. */
function nearestTsconfig(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'tsconfig.json')
    if (existsSync(candidate)) return candidate
    if (dirname(at) === at) return undefined
  }
}
