import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { defineHalApi } from '../../src/index.js'
import { createHalServer } from '../../src/shells/server/index.js'
import { verifyApi } from '../../src/verify/index.js'
import { mutatingProxy } from './mutating-proxy.js'

// A member named like one every object inherits (`constructor`) is checked as the record's own.
const api = () =>
  defineHalApi({
    basePath: '/api',
    collections: {
      parts: {
        schema: z.object({ constructor: z.string(), name: z.string() }),
        seed: [
          { constructor: 'Acme', name: 'bolt' },
          { constructor: 'Initech', name: 'nut' },
        ],
      },
    },
  })

const strip = (value: unknown): void => {
  if (Array.isArray(value)) for (const v of value) strip(v)
  else if (value && typeof value === 'object') {
    Reflect.deleteProperty(value, 'constructor')
    for (const v of Object.values(value)) strip(v)
  }
}

let server: Awaited<ReturnType<typeof createHalServer>>
let proxy: Awaited<ReturnType<typeof mutatingProxy>>
beforeAll(async () => {
  server = await createHalServer(api(), { port: 0, log: false })
  proxy = await mutatingProxy(server.url, { answer: (a) => strip(a.body) })
})
afterAll(async () => {
  await proxy.close()
  await server.close()
})

it('fails a record that lacks a member named constructor, which every object inherits', async () => {
  const report = await verifyApi({ url: `${proxy.origin}/api`, api: api(), readOnly: true })
  const failures = report.findings.filter((f) => f.severity === 'failure')
  expect(failures.map((f) => f.message)).toContainEqual(
    expect.stringMatching(/has no "constructor"/),
  )
  expect(failures.every((f) => f.rule === 'record.schema')).toBe(true)
})
