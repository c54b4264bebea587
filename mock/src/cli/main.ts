#!/usr/bin/env node
import { printable } from '../remote/printable.js'

/** `halyard-mock [record | verify] …`: each command in its module, loaded when it is the one asked for. */
async function main(): Promise<void> {
  const [first, ...rest] = process.argv.slice(2)
  if (first === 'record') {
    const { runRecord } = await import('./record.js')
    process.exitCode = await runRecord(rest)
    return
  }
  if (first === 'verify') {
    const { runVerify } = await import('./verify.js')
    process.exitCode = await runVerify(rest)
    return
  }
  const { runServe } = await import('./serve.js')
  const code = await runServe(process.argv.slice(2))
  // An --api module loaded before the mistake was found may hold the process open: end it here.
  if (code === 2) process.exit(code)
}

main().catch((error: unknown) => {
  const message =
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? `the port is in use: ${(error as Error).message}; pick another with --port`
      : (error as Error).message
  console.error(`halyard-mock: ${printable(message)}`)
  process.exit(1)
})
