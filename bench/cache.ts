import { spawn } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * Where the bench installs what it compares against (anchors, Ketting, autocannon): outside the
 * project's dependencies, so that `npm ci` stays lean. `HALYARD_BENCH_CACHE` overrides it.
 */
export const CACHE_ROOT =
  process.env.HALYARD_BENCH_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'halyard-bench')

/** A tool the bench could not install or start: its row says why instead of a figure. */
export class Unavailable extends Error {
  override name = 'Unavailable'
}

const INSTALL_TIMEOUT_MS = 5 * 60_000

/**
 * The directory holding `packages` (exact versions) in its `node_modules`, installed on first use
 * with npm from the configured registry. One directory per name, since `npm install --no-save`
 * removes whatever a directory held that the new command does not name.
 *
 * @throws {Unavailable} when npm fails (no registry, unknown version).
 * @example
 * const dir = await installed('json-server', ['json-server@0.17.4'])
 */
export async function installed(name: string, packages: readonly string[]): Promise<string> {
  const dir = join(CACHE_ROOT, name)
  const marker = join(dir, 'halyard-bench.json')
  const wanted = JSON.stringify({ packages })
  if ((await readFile(marker, 'utf8').catch(() => '')) === wanted) return dir
  await mkdir(dir, { recursive: true })
  process.stderr.write(`bench: installing ${packages.join(' ')} into ${dir}\n`)
  const args = ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', ...packages]
  const { code, output } = await run('npm', args)
  if (code !== 0) {
    const last = output.trim().split('\n').slice(-3).join(' ')
    throw new Unavailable(`npm install ${packages.join(' ')} failed: ${last}`)
  }
  await writeFile(marker, wanted)
  return dir
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const timer = setTimeout(() => child.kill('SIGKILL'), INSTALL_TIMEOUT_MS)
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ code: -1, output: error.message })
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

/**
 * The file a package's `bin` points to, inside a directory {@link installed} made: run it with
 * `process.execPath` rather than through npx or a shell, so that the child's pid is the server's.
 */
export async function binOf(dir: string, packageName: string, binName?: string): Promise<string> {
  const root = join(dir, 'node_modules', packageName)
  const { bin } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>
  }
  const file = typeof bin === 'string' ? bin : bin?.[binName ?? packageName.split('/').pop() ?? '']
  if (!file) throw new Unavailable(`${packageName} has no bin ${binName ?? ''}`)
  return join(root, file)
}
