// Write with concurrency control: create, replace with If-Match, meet a 412, re-read, delete.
// Run against `npm start`: npm run example -- examples/node/write.ts (or set HALYARD_API)
import { isPreconditionFailedError } from '@halyard/sdk'
import { createBlogClient } from '@halyard/sdk/blog'
import { API } from './api.js'

export async function write(baseUrl = API): Promise<string[]> {
  const api = createBlogClient({ baseUrl, token: 'dev-token' })
  const lines: string[] = []
  const draft = await api.createArticle(1, { title: 'Draft', content: 'First words' })
  lines.push(`created ${draft.uri} (ETag ${draft.etag})`)
  const edited = await api.replaceArticle(draft, { title: 'Edited', content: 'Better words' })
  lines.push(`replaced: "${edited.data.title}"`)

  // Someone else saves first: our next write, still based on `edited`, must not overwrite theirs.
  const colleague = createBlogClient({ baseUrl, token: 'dev-token' })
  await colleague.replaceArticle(edited.uri, { title: 'Their title' })
  try {
    await api.replaceArticle(edited, { title: 'Mine' })
  } catch (error) {
    if (!isPreconditionFailedError(error)) throw error
    const current = await api.article(edited.uri).refresh()
    lines.push(`412: re-read "${current.data.title}"`)
    await api.replaceArticle(current, { title: `${current.data.title}, and mine` })
  }
  lines.push(`now "${(await api.article(edited.uri).get()).data.title}"`)
  await api.deleteArticle(edited.uri)
  lines.push('deleted')
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) console.log((await write()).join('\n'))
