import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type GeneratedServer, startGeneratedServer } from './hal-server.js'
import { BIN, ensureBuilt, recordWithBin } from './round-trip.js'
import type { ServerSpec } from './spec.js'

// `record --check` on an unchanged server: "No drift", exit 0, for an API whose CURIE href is
// relative and whose writes need a Bearer token (both made verify fail before).

const SPEC: ServerSpec = {
  basePath: '/api',
  curie: { name: 'ex', relative: true, everywhere: true },
  redirectRoot: false,
  auth: 'bearer',
  validators: 'strong',
  errors: 'problem',
  invalid: 422,
  paging: {
    first: 0,
    page: 'page',
    size: 'size',
    document: 'spring',
    nextTemplated: false,
    defaultSize: 5,
  },
  templatedLists: true,
  attributes: { title: true, name: false, type: false, deprecation: false },
  forms: false,
  allowOnGet: false,
  collections: [
    {
      name: 'projects',
      writable: true,
      embedded: true,
      nestedItems: true,
      fields: [{ name: 'name', type: 'string', required: true, sparse: false }],
      createdAt: true,
      updatedAt: true,
      version: false,
      status: true,
      records: 7,
    },
  ],
}

const run = promisify(execFile)
let server: GeneratedServer
beforeAll(async () => {
  await ensureBuilt()
  server = await startGeneratedServer(SPEC)
}, 180_000)
afterAll(() => server.close())

it('says no drift and exits 0 on the server it was recorded from', async () => {
  const dir = await recordWithBin(server, 'check')
  const header = `${server.credential?.name}: ${server.credential?.value}`
  // The bin, as CI runs it: a failure rejects with its exit code and output.
  const { stdout } = await run(process.execPath, [
    BIN,
    'record',
    '--check',
    dir,
    server.root,
    '--header',
    header,
    '--quiet',
  ]).catch((error: { code?: number; stdout?: string }) => {
    throw new Error(`exit ${error.code}: ${error.stdout}`)
  })
  expect(stdout).toContain('No drift')
  expect(stdout).toContain('0 failures')
}, 60_000)
