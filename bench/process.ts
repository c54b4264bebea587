import { type ChildProcess, spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { Unavailable } from './cache.js'

/** A server under test, running in a child process of its own. */
export interface ChildServer {
  readonly name: string
  readonly pid: number
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  /** Milliseconds from the spawn to the first successful answer. */
  readonly startMs: number
  /** Its resident memory now, from /proc. */
  memory(): Promise<Memory | undefined>
  /** Stops it: SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>
}

/** Resident memory of a process, in bytes: now and at its peak. */
export interface Memory {
  readonly rss: number
  readonly peak: number
}

/** How to start a server and know that it answers. */
export interface ServerCommand {
  readonly name: string
  readonly command: string
  /** The arguments, given the free port the server must listen on (127.0.0.1). */
  readonly args: (port: number) => readonly string[]
  readonly cwd?: string
  /** A path the server answers with a 2xx once it is ready. */
  readonly readyPath: string
  /** How long to wait for the first answer. Default 60 s (a JVM, a million articles). */
  readonly timeoutMs?: number
}

const running = new Set<ChildProcess>()
// Servers must not outlive the bench, whatever ends it.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Spawns a server on a free port and waits until it answers `readyPath`.
 *
 * @throws {Unavailable} when it exits or does not answer in time; the message ends with its output.
 * @example
 * const server = await startServer({ name: 'node:http', command: process.execPath,
 *   args: (port) => ['bench/servers/anchor.ts', 'bare', String(port)], readyPath: '/' })
 */
export async function startServer(spec: ServerCommand): Promise<ChildServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child = spawn(spec.command, [...spec.args(port)], {
    cwd: spec.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  // Drain the output so that a chatty server never blocks on a full pipe; keep the tail for errors.
  let tail = ''
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-2000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(error.message))
    child.once('exit', (code, signal) => resolve(`exited with ${signal ?? code}`))
  })
  exited.then(() => running.delete(child))

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
  }
  const failed = (why: string) => new Unavailable(`${spec.name} ${why}: ${tail.trim().slice(-400)}`)

  const deadline = started + (spec.timeoutMs ?? 60_000)
  let exit: string | undefined
  exited.then((why) => {
    exit = why
  })
  for (;;) {
    if (exit !== undefined) throw failed(exit)
    if (performance.now() > deadline) {
      await stop()
      throw failed(`did not answer ${spec.readyPath} in ${spec.timeoutMs ?? 60_000} ms`)
    }
    if (await answers(origin + spec.readyPath)) break
    await sleep(10)
  }
  const startMs = performance.now() - started
  const pid = child.pid as number
  return { name: spec.name, pid, origin, startMs, memory: () => memoryOf(pid), stop }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
    await response.arrayBuffer()
    return response.ok
  } catch {
    return false
  }
}

/** A port free on 127.0.0.1 now (the OS's pick), for a server to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** VmRSS and VmHWM of a process from /proc (Linux); `undefined` elsewhere or once it exited. */
export async function memoryOf(pid: number): Promise<Memory | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined)
  if (status === undefined) return undefined
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  const rss = kib('VmRSS') * 1024
  const peak = kib('VmHWM') * 1024
  return Number.isFinite(rss) ? { rss, peak } : undefined
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
