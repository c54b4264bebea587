import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type CollectionObserver, observedCollection, TESTED_MSW_DATA } from './msw-data.js'

type Row = { id: number; name: string }

/** The observer's view: what it was told, in order. */
function recorder() {
  const events: [string, Row][] = []
  const observer: CollectionObserver<Row> = {
    put: (record) => events.push(['put', record]),
    removed: (record) => events.push(['removed', record]),
    cleared: () => events.push(['cleared', { id: 0, name: '' }]),
  }
  return { events, observer }
}

const schema = z.object({ id: z.number(), name: z.string() })

// Each case is one assumption of msw-data.ts about @msw/data; a failure here means the core's
// index would go stale on the installed version: fix msw-data.ts before widening the range.
describe('@msw/data behaves as the core assumes', () => {
  it('is a version of the tested range, which mock/package.json pins', () => {
    const entry = import.meta.resolve('@msw/data')
    const root = entry.slice(0, entry.indexOf('/@msw/data/') + '/@msw/data/'.length)
    const installed = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
    const [major, minor, patch] = TESTED_MSW_DATA.replace('~', '').split('.').map(Number)
    const [iMajor, iMinor, iPatch] = String(installed.version).split('.').map(Number)
    expect(
      [iMajor, iMinor],
      `@msw/data ${installed.version} is outside ${TESTED_MSW_DATA}`,
    ).toEqual([major, minor])
    expect(iPatch).toBeGreaterThanOrEqual(patch as number)
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    )
    expect(manifest.dependencies['@msw/data']).toBe(TESTED_MSW_DATA)
  })

  it('hands the create hook the very object the collection stores', async () => {
    const { events, observer } = recorder()
    const collection = observedCollection<Row>(schema, observer)
    const created = await collection.create({ id: 1, name: 'a' } as never)
    expect(events).toEqual([['put', created]])
    expect(events[0]?.[1]).toBe(collection.all()[0])
  })

  it('resolves update and updateMany to the stored records', async () => {
    const { events, observer } = recorder()
    const collection = observedCollection<Row>(schema, observer)
    await collection.create({ id: 1, name: 'a' } as never)
    await collection.create({ id: 2, name: 'b' } as never)
    const updated = await collection.update((q) => q.where({ id: 1 } as never), {
      data(row: Row) {
        row.name = 'A'
      },
    } as never)
    expect(events.at(-1)?.[1]).toBe(updated)
    expect(collection.all()).toContain(updated)
    const many = await collection.updateMany((q) => q.where({ id: 2 } as never), {
      data(row: Row) {
        row.name = 'B'
      },
    } as never)
    expect(events.at(-1)?.[1]).toBe(many[0])
    expect(collection.all().map((row) => (row as Row).name)).toEqual(['A', 'B'])
  })

  it('emits delete for every record that delete and deleteMany remove', async () => {
    const { events, observer } = recorder()
    const collection = observedCollection<Row>(schema, observer)
    for (const id of [1, 2, 3, 4]) await collection.create({ id, name: String(id) } as never)
    collection.delete((q) => q.where({ id: 1 } as never))
    collection.deleteMany((q) => q.where({ id: 3 } as never))
    const removed = events.filter(([kind]) => kind === 'removed').map(([, row]) => row.id)
    expect(removed).toEqual([1, 3])
    expect(collection.all().map((row) => (row as Row).id)).toEqual([2, 4])
  })

  it('reports clear as one event, since clear emits delete for only some of the records', async () => {
    const { events, observer } = recorder()
    const collection = observedCollection<Row>(schema, observer)
    for (const id of [1, 2, 3, 4]) await collection.create({ id, name: String(id) } as never)
    collection.clear()
    expect(events.at(-1)?.[0]).toBe('cleared')
    expect(collection.all()).toEqual([])
  })
})
