import { describe, expect, it } from 'vitest'
import { createBlogApi } from '../blog/index.js'
import { verifyTests } from './suite.js'

/** The test names verifyTests registers, by the describe path they are in. */
function registered(skip?: Parameters<typeof verifyTests>[3]): string[] {
  const names: string[] = []
  const path: string[] = []
  verifyTests(
    () => ({ url: 'http://127.0.0.1:1/api/v1.2', api: createBlogApi() }),
    {
      describe: (title, body) => {
        path.push(title)
        body()
        path.pop()
      },
      test: (title) => void names.push([...path.slice(1), title].join(' > ')),
      beforeAll: () => {},
    },
    createBlogApi(),
    skip,
  )
  return names
}

describe('verifyTests', () => {
  it('registers a test per rule of the catalogue, and none for a rule it is told to skip', () => {
    const all = registered()
    expect(all).toContain('articles > page.next.absent-on-last: the last page links no next page')
    expect(all).toContain('articles > vary: answers that depend on Accept say so (Vary: Accept)')
    const skipping = registered({ skip: ['vary'] })
    expect(skipping.some((name) => name.includes('> vary:'))).toBe(false)
    expect(skipping).toHaveLength(all.length - all.filter((n) => n.includes('> vary:')).length)
  })
})
