/**
 * `@halyard/sdk/blog`'s resource types, printed from the Blog API's definition (`BlogClientTypes`
 * of `@halyard/mock/blog`) into `sdk/src/blog/derived.ts`: `npm run generate:blog-types` after the
 * definition changes (a test fails until then). Printed rather than imported, so that the SDK's
 * declarations need neither `@halyard/mock` nor zod.
 */
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { printClientTypes } from './client-types-print.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Where the printed types live. */
export const BLOG_TYPES_FILE = join(ROOT, 'sdk/src/blog/derived.ts')

/**
 * The module `sdk/src/blog/derived.ts` holds, printed from the Blog's definition as it is now and
 * formatted as the repository formats its sources.
 *
 * @example
 * const text = await blogTypes()
 */
export async function blogTypes(): Promise<string> {
  const text = printClientTypes({
    root: ROOT,
    from: '@halyard/mock/blog',
    typeName: 'BlogClientTypes',
    names: {
      root: 'Root',
      items: { blogs: 'Blog', articles: 'Article', comments: 'Comment' },
      pages: { articles: 'ArticlePage', comments: 'CommentPage' },
    },
    header: [
      "// The Blog API's resources as its definition (mock/src/blog/) says, printed by",
      '// tools/blog-types.ts (`npm run generate:blog-types`); edit the definition, not this file.',
    ].join('\n'),
    imports: {
      AnyResource: '../types.js',
      Form: '../types.js',
      Rel: '../types.js',
      Resource: '../resource.js',
      State: '../state.js',
    },
  })
  return format(text, BLOG_TYPES_FILE)
}

/** `text` as `biome format` writes the file at `path`. */
function format(text: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const biome = join(ROOT, 'node_modules/.bin/biome')
    const child = execFile(
      biome,
      ['format', `--stdin-file-path=${path}`],
      { cwd: ROOT },
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr || error.message)) : resolve(stdout),
    )
    child.stdin?.end(text)
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(BLOG_TYPES_FILE, await blogTypes())
  console.log(`wrote ${BLOG_TYPES_FILE}`)
}
