import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { outDir, typecheck } from '../../test/record/replay.js'
import { defineHalApi } from '../serve/api.js'
import { recordApi } from './record.js'

// A recorded root is served, and typed by ClientTypes, with exactly the links it had: an API
// without an OpenAPI document gets no `service-desc` from its recording.
const api = defineHalApi({
  basePath: '/api',
  root: { serviceDesc: false },
  collections: { notes: { schema: z.object({ text: z.string() }), seed: [{ text: 'Hello' }] } },
})

// The recording's client types: `service-desc` refused, and the root's rels exactly its own.
const CHECK = `import type { ClientTypes } from '@halyard/mock'
import type api from './api.js'

type Rels = keyof ClientTypes<typeof api>['root']['rels']
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const exact: Same<Rels, 'self' | 'notes'> = true
// @ts-expect-error the recorded root links no OpenAPI document
export const desc: Rels = 'service-desc'
`

describe('a recorded root without service-desc', () => {
  it('is written as root: { serviceDesc: false }, served so, and typed so', async () => {
    const recording = await recordApi('http://notes.test/api', {
      fetch: (request) => api.handle(request),
    })
    const source = recording.files['api.ts'] ?? ''
    expect(source).toContain('root: { serviceDesc: false },')
    // The core's root is the recorded one now: no document of its own stands in for it.
    expect(recording.files).not.toHaveProperty('documents.json')

    const dir = await outDir('root-links')
    for (const [name, text] of Object.entries(recording.files)) {
      await writeFile(join(dir, name), text)
    }
    await writeFile(join(dir, 'check.ts'), CHECK)
    const checked = await typecheck(dir, ['check.ts'])
    expect(checked).toBe('ok')
  }, 120_000)
})
