import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MOCK = fileURLToPath(new URL('..', import.meta.url))

/** A CLI process started by {@link startCli}: the child, its exit, and what it printed so far. */
export interface CliProcess {
  readonly child: ChildProcess
  readonly exit: Promise<number | null>
  output(): { stdout: string; stderr: string }
}

/**
 * Starts `halyard-mock <args>` as `npm start` does (tsx on the sources, in mock/), its output kept.
 * The caller kills it when a test ends early.
 *
 * @example
 * const run = startCli(['verify', url, '--quiet'], { TOKEN: 'dev-token' })
 * expect(await run.exit).toBe(0)
 */
export function startCli(args: readonly string[], env: Record<string, string> = {}): CliProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@halyard/source', 'src/cli/main.ts', ...args],
    { cwd: MOCK, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { child, exit, output: () => ({ stdout, stderr }) }
}
