import { spawnSync } from 'node:child_process'
import { autocannon } from './autocannon.js'
import type { LoadGenerator } from './load.js'
import { wrk } from './wrk.js'

export type { LoadGenerator, LoadResult, LoadSpec } from './load.js'

/** wrk when it is on the PATH (it costs the server less CPU than a Node client), else autocannon. */
export function loadGenerator(asked?: 'wrk' | 'autocannon'): LoadGenerator {
  if (asked === 'autocannon') return autocannon
  const found = spawnSync('wrk', ['--version']).error === undefined
  if (asked === 'wrk' && !found) throw new Error('--load=wrk: wrk is not on the PATH')
  return found ? wrk : autocannon
}
