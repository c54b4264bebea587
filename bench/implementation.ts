import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Which code of `@halyard/mock` and `@halyard/sdk` the child processes run. */
export interface Implementation {
  readonly kind: 'dist' | 'source'
  /** Node flags that select it: none for `dist`, tsx and the source condition for `source`. */
  readonly nodeArgs: readonly string[]
  /** Why this one, for the report. */
  readonly reason: string
}

const PACKAGES = ['mock', 'sdk']

/**
 * The built `dist` (what users install, run by plain Node) when it is newer than every source
 * file, else the TypeScript sources through tsx: a stale build would measure old code.
 */
export async function pickImplementation(asked?: 'dist' | 'source'): Promise<Implementation> {
  const source: Implementation = {
    kind: 'source',
    nodeArgs: ['--conditions=@halyard/source', '--import', 'tsx'],
    reason: asked === 'source' ? 'asked' : 'no build newer than the sources (npm run build)',
  }
  if (asked === 'source') return source
  const stale: string[] = []
  for (const name of PACKAGES) {
    const built = await times(join(ROOT, name, 'dist'), '.js')
    const sources = await times(join(ROOT, name, 'src'), '.ts')
    if (!built.length || Math.min(...built) < Math.max(...sources)) stale.push(name)
  }
  if (stale.length === 0) return { kind: 'dist', nodeArgs: [], reason: 'built from the sources' }
  if (asked === 'dist') throw new Error(`--implementation=dist: ${stale.join(', ')}/dist is stale`)
  return source
}

/** Modification times of the files under `dir` ending with `ext`. */
async function times(dir: string, ext: string): Promise<number[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  const files = entries.filter(
    (entry) => entry.isFile() && entry.name.endsWith(ext) && !entry.name.endsWith(`.test${ext}`),
  )
  return Promise.all(
    files.map(async (entry) => (await stat(join(entry.parentPath, entry.name))).mtimeMs),
  )
}
