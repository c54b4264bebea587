import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packedBin, projectOf } from '../../test/packed.js'
import { outDir } from '../../test/record/replay.js'
import { mutatingProxy } from '../../test/verify/mutating-proxy.js'
import type { HalApi } from '../serve/api.js'
import { createHalServer, type HalServer } from '../shells/server/index.js'
import { recordApi, writeRecording } from './record.js'

const SHOP = resolve(import.meta.dirname, '../../../examples/shop/api.ts')
const { defineShop } = (await import(SHOP)) as { defineShop(): HalApi }

/** The `halyard-mock` of the packed tarball, installed outside the repository. */
let bin = ''
beforeAll(async () => {
  bin = await packedBin()
}, 300_000)

/** `halyard-mock record …` in a process of its own, as a user runs it: its exit code and output. */
function record(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(bin, ['record', ...args], { cwd: projectOf(bin) })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk
  })
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk
  })
  return new Promise((done) => child.on('close', (code) => done({ code, out })))
}

describe('record --check verifies the API against the recorded definition', () => {
  const closing: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const close of closing.reverse()) await close()
  })

  it('exits 0 against the API recorded, and 1 naming the rule when a read breaks one the shapes do not show', async () => {
    const shop: HalServer<HalApi> = await createHalServer(defineShop(), { port: 0, log: false })
    closing.push(() => shop.close())
    const dir = await outDir('check-verify')
    await writeRecording(dir, (await recordApi(shop.url)).files)

    const same = await record(['--check', dir, shop.url, '--quiet'])
    expect(same.out).toContain('No drift')
    expect(same.out).toContain('0 failures')
    expect(same.code).toBe(0)

    // The same documents, without their ETag: no drift in shape, a broken contract all the same.
    const proxy = await mutatingProxy(shop.origin, {
      answer: (answer) => {
        delete answer.headers.etag
      },
    })
    closing.push(() => proxy.close())
    const broken = await record(['--check', dir, `${proxy.origin}/api`, '--quiet'])
    expect(broken.out).toContain('No drift')
    expect(broken.out).toContain('validators.etag')
    expect(broken.code).toBe(1)
    // Two processes, each loading the CLI and the recorded module: slow on a busy machine.
  }, 120_000)
})
