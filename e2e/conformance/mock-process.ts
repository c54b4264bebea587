import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type ServerUnderTest, serverAt } from './base-url.js'

const REPO = fileURLToPath(new URL('../..', import.meta.url))
/** How long the CLI may take to print its address (tsx compiles the sources first). */
const START_TIMEOUT_MS = 60_000
/** How long it may take to close after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 5_000

/** The mock server running in a process of its own. */
export interface MockProcess extends ServerUnderTest {
  /** Asks it to close (SIGTERM, as Ctrl-C would), then kills it if it lingers. */
  stop(): Promise<void>
}

/**
 * Starts the mock's CLI as `npm start` does (tsx on the sources), on a free port of 127.0.0.1, and
 * reads its address from the line it prints. The suites then reach it only over HTTP, exactly as
 * they reach a server given by `E2E_BASE_URL`.
 *
 * @example
 * const server = await startMockProcess()
 * await fetch(`${server.apiUrl}/blogs/1`)
 * await server.stop()
 */
export async function startMockProcess(): Promise<MockProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=@halyard/source', '--import', 'tsx', 'mock/src/cli/main.ts', '--port', '0'],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  try {
    const address = await printedAddress(child)
    return { ...serverAt(address, 'The address the mock printed'), stop: () => stop(child) }
  } catch (error) {
    await stop(child)
    throw error
  }
}

/** The URL in the CLI's `Blog API mock listening on <url>` line. */
function printedAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    // Kept until the address shows; after it, the server's request log is read and dropped.
    let output = ''
    let started = false
    const fail = (why: string) => {
      clearTimeout(timer)
      if (!started) reject(new Error(`The mock server did not start: ${why}\n${output}`.trim()))
    }
    const timer = setTimeout(
      () => fail(`no address after ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    )
    const read = (chunk: string) => {
      if (started) return
      output += chunk
      const match = /listening on (\S+)/.exec(output)
      if (match?.[1]) {
        started = true
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout?.setEncoding('utf8').on('data', read)
    child.stderr?.setEncoding('utf8').on('data', read)
    child.once('error', (error) => fail(error.message))
    child.once('exit', (code, signal) => fail(`it exited (${signal ?? `code ${code}`})`))
  })
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}
