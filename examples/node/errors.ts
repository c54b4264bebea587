// Errors: typed classes with the status, the method, the URL and the problem details.
// Run against `npm start`: npm run example -- examples/node/errors.ts (or set HALYARD_API)
import { isLinkNotFoundError, isNotFoundError, isValidationError } from '@halyard/sdk'
import { createBlogClient } from '@halyard/sdk/blog'
import { API } from './api.js'

export async function errors(baseUrl = API): Promise<string[]> {
  const api = createBlogClient({ baseUrl, token: 'dev-token' })
  const lines: string[] = []
  try {
    await api.createArticle(1, { title: '   ' })
  } catch (error) {
    if (!isValidationError(error)) throw error
    for (const { pointer, detail } of error.errors) lines.push(`422 ${pointer}: ${detail}`)
  }
  try {
    await api.article(`${api.client.baseUrl}/blogs/1/articles/9999`).get()
  } catch (error) {
    if (!isNotFoundError(error)) throw error
    lines.push(`${error.status} ${error.method} ${error.url}`)
  }
  try {
    await api.blog(1).follow('doc:authors' as 'doc:articles')
  } catch (error) {
    if (!isLinkNotFoundError(error)) throw error
    lines.push(`no ${error.rel}; there are: ${error.available.join(', ')}`)
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) console.log((await errors()).join('\n'))
