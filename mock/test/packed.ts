import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type Lockfile, offlineProject } from './offline-project.js'

// The packages as npm ships them, packed once and shared by every test file that runs them: the
// CLI tests run the `halyard-mock` a user's `npm install` puts in node_modules/.bin (its shebang,
// its exec bit, its `files`, its runtime dependencies), not the repository's sources or dist.

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** The workspaces packed, in the order `npm pack` lists them. */
export const WORKSPACES = [
  { name: '@halyard/mock', folder: 'mock' },
  { name: '@halyard/sdk', folder: 'sdk' },
  { name: '@halyard/query', folder: 'query' },
] as const
/** The files of a workspace that make its tarball: what `files` ships and what the build reads. */
const WORKSPACE_INPUTS = [
  'package.json',
  'tsup.config.ts',
  'tsconfig.json',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'src',
]
/** How long a test file waits for another's pack and install before it names the lock. */
const WAIT_MS = 8 * 60_000

/** One tarball as `npm pack --json` describes it. */
export interface PackedTarball {
  name: string
  /** The tarball's absolute path. */
  path: string
  files: { path: string }[]
}

/** The tarballs of {@link WORKSPACES} and what their prepack builds printed. */
export interface Packs {
  tarballs: PackedTarball[]
  buildOutput: string
}

/**
 * Packs every workspace (prepack builds it), once for the same sources: the tarballs are kept
 * under `os.tmpdir()` in a folder named by the hash of what goes into them, so that test files
 * running beside each other, in this run or a later one, share one build and never rebuild
 * mock/dist while another builds it.
 *
 * @example
 * const { tarballs } = await packedTarballs()
 */
export async function packedTarballs(): Promise<Packs> {
  const folder = join(await cacheRoot(), 'tarballs')
  await once(folder, async () => {
    const workspaces = WORKSPACES.flatMap(({ name }) => ['--workspace', name])
    const { stdout, stderr } = await run(
      'npm',
      ['pack', '--json', '--pack-destination', folder, ...workspaces],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
    )
    // npm prints the prepack builds' output before the JSON array.
    const listed = JSON.parse(stdout.slice(stdout.lastIndexOf('\n[') + 1)) as {
      name: string
      filename: string
      files: { path: string }[]
    }[]
    const packs: Packs = {
      tarballs: listed.map(({ name, filename, files }) => ({
        name,
        path: join(folder, filename),
        files,
      })),
      buildOutput: `${stdout}\n${stderr}`,
    }
    await writeFile(join(folder, 'packs.json'), JSON.stringify(packs))
  })
  return JSON.parse(await readFile(join(folder, 'packs.json'), 'utf8')) as Packs
}

/**
 * The `halyard-mock` bin of `@halyard/mock` installed from its tarball, with the MSW a user installs
 * beside it, into a project of its own outside the repository (offline, from the npm cache
 * `npm ci` fills). Packed and installed once for the same sources.
 *
 * @example
 * const bin = await packedBin()
 * spawn(bin, ['--port', '0'])
 */
export async function packedBin(): Promise<string> {
  const { tarballs } = await packedTarballs()
  const project = join(await cacheRoot(), 'cli')
  await once(project, async () => {
    await installTarballs(project, tarballs, ['@halyard/mock'], ['msw'])
  })
  return join(project, 'node_modules', '.bin', 'halyard-mock')
}

/**
 * The project folder `bin` is installed in (`<project>/node_modules/.bin/halyard-mock`): where a
 * user runs it from, and where their own modules resolve `@halyard/mock`, `msw` and `zod`.
 *
 * @example
 * spawn(bin, ['--port', '0'], { cwd: projectOf(bin) })
 */
export function projectOf(bin: string): string {
  return resolve(bin, '../../..')
}

/**
 * Installs the named tarballs and `extra` (packages of the repository's lockfile, at its versions)
 * into `project`, offline: see offline-project.ts for why a lockfile is written.
 *
 * @example
 * await installTarballs(dir, (await packedTarballs()).tarballs, ['@halyard/mock'], ['msw'])
 */
export async function installTarballs(
  project: string,
  tarballs: readonly PackedTarball[],
  names: readonly string[],
  extra: readonly string[],
): Promise<void> {
  const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile
  const files = offlineProject(
    lock,
    names.map((name) => {
      const folder = WORKSPACES.find((w) => w.name === name)?.folder
      const tarball = tarballs.find((t) => t.name === name)?.path
      if (!folder || !tarball) throw new Error(`${name} was not packed`)
      return { name, folder, tarball }
    }),
    extra,
  )
  await mkdir(project, { recursive: true })
  await writeFile(join(project, 'package.json'), JSON.stringify(files.packageJson, null, 2))
  await writeFile(join(project, 'package-lock.json'), JSON.stringify(files.packageLock, null, 2))
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], {
    cwd: project,
    maxBuffer: 16 * 1024 * 1024,
  })
}

/** `os.tmpdir()/halyard-packed-<hash of the packages' inputs>`, older ones removed. */
async function cacheRoot(): Promise<string> {
  const hash = createHash('sha256')
  const add = async (path: string): Promise<void> => {
    const info = await stat(path).catch(() => undefined)
    if (!info) return
    if (info.isDirectory()) {
      for (const name of (await readdir(path)).sort()) await add(join(path, name))
    } else if (!/\.test\.tsx?$/.test(path)) {
      // Tests are neither built nor packed (`files` leaves them out).
      hash.update(`${relative(ROOT, path)}\0`).update(await readFile(path))
    }
  }
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.base.json']) {
    await add(join(ROOT, file))
  }
  for (const { folder } of WORKSPACES) {
    for (const input of WORKSPACE_INPUTS) await add(join(ROOT, folder, input))
  }
  const name = `halyard-packed-${hash.digest('hex').slice(0, 16)}`
  await removeStale(name)
  const root = join(tmpdir(), name)
  // Touched at each use: another checkout's run removes only a pack nobody used for a day.
  const now = new Date()
  await utimes(root, now, now).catch(() => undefined)
  return root
}

/** Removes other sources' packs nobody has touched for a day (other checkouts may use theirs). */
async function removeStale(keep: string): Promise<void> {
  const day = 24 * 60 * 60_000
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith('halyard-packed-') || name === keep) continue
    const path = join(tmpdir(), name)
    const info = await stat(path).catch(() => undefined)
    if (info && Date.now() - info.mtimeMs > day) await rm(path, { recursive: true, force: true })
  }
}

/**
 * Runs `make` into `folder` once: the first caller, in any process, takes a lock (a directory,
 * made atomically) and writes a `done` mark; the others wait for the mark. A lock whose process
 * has ended is taken over, and a folder left half-made by it is made again.
 *
 * @example
 * await once(join(tmpdir(), 'halyard-packed-x', 'cli'), () => install())
 */
export async function once(folder: string, make: () => Promise<void>): Promise<void> {
  const done = join(folder, '.done')
  const lock = `${folder}.lock`
  const owner = join(lock, 'pid')
  const started = Date.now()
  await mkdir(dirname(folder), { recursive: true })
  while (!existsSync(done)) {
    let mine = false
    try {
      await mkdir(lock, { recursive: false })
      mine = true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (mine) {
      try {
        await writeFile(owner, String(process.pid))
        if (existsSync(done)) return
        await rm(folder, { recursive: true, force: true })
        await mkdir(folder, { recursive: true })
        await make()
        await writeFile(done, '')
      } finally {
        await rm(lock, { recursive: true, force: true })
      }
      return
    }
    const pid = Number(await readFile(owner, 'utf8').catch(() => ''))
    if (pid > 0 && !alive(pid)) {
      await rm(lock, { recursive: true, force: true })
      continue
    }
    if (Date.now() - started > WAIT_MS) {
      throw new Error(`${folder} is still being made by process ${pid}; remove ${lock} if it died`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
