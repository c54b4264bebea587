import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCollection, defineHalApi } from '../src/index.js'
import { createHalServer } from '../src/shells/server/index.js'
import { verifyApi } from '../src/verify/index.js'

// `pageItems: 'linked'`: a page links its records as `_links.item` and embeds none, in the core's
// page document and in a convention's own; verify reads the records from those links.

const schema = z.object({ title: z.string() })
const seed = [1, 2, 3, 4, 5].map((n) => ({ title: `task ${n}` }))
const apiOf = (pageItems: 'linked' | 'embedded', render?: true) =>
  defineHalApi({
    basePath: '/api',
    collections: {
      tasks: defineCollection({
        schema,
        seed,
        pageItems,
        pageSize: { default: 2 },
        ...(render
          ? {
              paging: {
                render: (p) => ({ _links: p.links, _embedded: { tasks: p.items }, total: p.total }),
              },
            }
          : {}),
      }),
    },
  })

const page = async (api: ReturnType<typeof apiOf>, query = '') => {
  const response = await api.handle(new Request(`http://x.test/api/tasks${query}`))
  return (await response.json()) as Record<string, Record<string, unknown>>
}

describe("pageItems: 'linked'", () => {
  it('links the records of a page as item, each its self, and embeds none', async () => {
    const body = await page(apiOf('linked'), '?page=1')
    expect(body._embedded).toBeUndefined()
    expect(body._links?.item).toEqual([
      { href: 'http://x.test/api/tasks/3' },
      { href: 'http://x.test/api/tasks/4' },
    ])
    expect(body.page).toEqual({ size: 2, totalElements: 5, totalPages: 3, number: 1 })
  })

  it("links them in a convention's own page document too", async () => {
    const body = await page(apiOf('linked', true))
    expect(Object.keys(body).sort()).toEqual(['_links', 'total'])
    expect(body._links?.item).toEqual([
      { href: 'http://x.test/api/tasks/1' },
      { href: 'http://x.test/api/tasks/2' },
    ])
  })

  it('is held by verify: a server that links them passes, one that embeds them fails', async () => {
    const linked = apiOf('linked')
    for (const [served, failing] of [
      [linked, false],
      [apiOf('embedded'), true],
    ] as const) {
      const server = await createHalServer(served, { port: 0, log: false })
      try {
        const report = await verifyApi({
          url: new URL('/api', server.url).href,
          api: linked,
          token: 'x',
        })
        const items = report.findings.filter(
          (f) => f.severity === 'failure' && f.rule === 'page.items',
        )
        expect(items.length > 0).toBe(failing)
      } finally {
        await server.close()
      }
    }
  })
})
