import { type ChildProcess, spawn } from 'node:child_process'
import { projectOf } from './packed.js'

/** A CLI process started by {@link startCli}: the child, its exit, and what it printed so far. */
export interface CliProcess {
  readonly child: ChildProcess
  readonly exit: Promise<number | null>
  output(): { stdout: string; stderr: string }
}

/**
 * Starts `halyard-mock <args>` from `bin` (the installed one of `packedBin()` in mock/test/packed.ts),
 * in the project it is installed in, as a user runs it there, its output kept. The caller kills it
 * when a test ends early.
 *
 * @example
 * const run = startCli(await packedBin(), ['verify', url, '--quiet'], { TOKEN: 'dev-token' })
 * expect(await run.exit).toBe(0)
 */
export function startCli(
  bin: string,
  args: readonly string[],
  env: Record<string, string> = {},
): CliProcess {
  // The bin itself, not `node bin`: its shebang and exec bit are part of what is tested.
  const child = spawn(bin, args, {
    cwd: projectOf(bin),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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
