import { execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { once } from './packed.js'

// The pack and install the CLI tests share: made once however many test files ask at the same
// time, and made again when the process that held the lock died halfway.
const run = promisify(execFile)
const PACKED = new URL('./packed.ts', import.meta.url).href
let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'halyard-once-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** A script that runs `once` on `folder`, its `make` writing the process's pid and taking a while. */
const caller = (folder: string) => `
import { appendFile } from 'node:fs/promises'
import { once } from ${JSON.stringify(PACKED)}
await once(${JSON.stringify(folder)}, async () => {
  await appendFile(${JSON.stringify(join(dir, 'made'))}, process.pid + '\\n')
  await new Promise((resolve) => setTimeout(resolve, 500))
  await appendFile(${JSON.stringify(join(folder, 'file'))}, 'made')
})
console.log(await import('node:fs/promises').then((fs) => fs.readFile(${JSON.stringify(join(folder, 'file'))}, 'utf8')))
`

describe('once (the shared pack and install)', () => {
  it('makes the folder in one of three processes asking at once; all three then see it made', async () => {
    const folder = join(dir, 'three', 'cli')
    const script = join(dir, 'caller.mts')
    await writeFile(script, caller(folder))
    const outputs = await Promise.all(
      [1, 2, 3].map(() => run(process.execPath, ['--import', 'tsx', script])),
    )
    expect(outputs.map((o) => o.stdout.trim())).toEqual(['made', 'made', 'made'])
    expect((await readFile(join(dir, 'made'), 'utf8')).trim().split('\n')).toHaveLength(1)
  }, 60_000)

  it('takes over the lock of a process that died and makes the half-made folder again', async () => {
    const folder = join(dir, 'dead', 'cli')
    const gone = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => gone.once('exit', resolve))
    await mkdir(join(`${folder}.lock`), { recursive: true })
    await writeFile(join(`${folder}.lock`, 'pid'), String(gone.pid))
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'half'), '')
    await once(folder, async () => {
      await writeFile(join(folder, 'file'), 'made')
    })
    expect(await readFile(join(folder, 'file'), 'utf8')).toBe('made')
    await expect(readFile(join(folder, 'half'))).rejects.toThrow(/ENOENT/)
  })
})
