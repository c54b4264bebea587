import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'
import { BLOG_TYPES_FILE, blogTypes } from './blog-types.js'

// `@halyard/sdk/blog`'s types are the Blog definition's: a change of the definition that is not
// printed again fails here (`npm run generate:blog-types`).
it('sdk/src/blog/derived.ts is printed from the Blog definition as it is', {
  timeout: 120_000,
}, async () => {
  expect(await readFile(BLOG_TYPES_FILE, 'utf8')).toBe(await blogTypes())
})
