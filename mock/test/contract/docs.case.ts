import { describe, expect, it } from 'vitest'
import { client, linksIn, paths } from './helpers.js'
import type { ContractTarget } from './target.js'

/** Documents read from the root, breadth first: enough to meet every rel the API emits. */
const READS = 30

/**
 * docs/api.md, Resources: the rel documentation pages the CURIE names, read-only. It reads only what
 * the root links and what those documents link, so it needs no seed and changes nothing: it runs
 * against any Blog API server.
 */
export function docsPageCases(target: () => ContractTarget): void {
  const api = client(target)

  describe('docs pages', () => {
    it('the curie documents every rel the documents read from the root emit (200 text/html)', async () => {
      const links: ReturnType<typeof linksIn> = []
      const queue: string[] = [paths.root]
      const seen = new Set<string>()
      while (queue.length > 0 && seen.size < READS) {
        const path = queue.shift() as string
        if (seen.has(path)) continue
        seen.add(path)
        const answer = await api.get(path, { accept: 'application/hal+json' })
        if (answer.status !== 200 || !/json/.test(answer.headers.get('content-type') ?? ''))
          continue
        const found = linksIn(answer.json())
        links.push(...found)
        for (const { rel, link } of found) {
          if (rel === 'curies' || rel === 'self' || !link.href.startsWith(target().origin)) continue
          // A template's query is left out; an id in its path is 1, as `verify` reads one.
          queue.push(api.path(link.href.replace(/\{[?&#][^}]*\}/g, '').replace(/\{[^}]*\}/g, '1')))
        }
      }
      const curies = new Set(
        links.filter(({ rel }) => rel === 'curies').map(({ link }) => link.href),
      )
      expect(curies.size).toBe(1)
      const [curie = ''] = curies
      const rels = new Set(links.map(({ rel }) => rel).filter((rel) => rel.startsWith('doc:')))
      expect(rels.size).toBeGreaterThanOrEqual(3)
      for (const rel of rels) {
        const href = curie.replace('{rel}', rel.slice('doc:'.length))
        const page = await api.get(api.path(href))
        expect(page.status, href).toBe(200)
        expect(page.headers.get('content-type')).toMatch(/^text\/html/)
        expect(page.text).toContain(rel.slice('doc:'.length))
      }
    })

    it.each(['nope', 'self', 'curies', 'doc:blog'])(
      'a rel the API does not emit (%s) has no page (404)',
      async (rel) => {
        expect((await api.get(paths.rel(encodeURIComponent(rel)))).status).toBe(404)
      },
    )
  })
}
