/** The app's places, one per URL hash, so that back, forward and bookmarks work. */
export type Route =
  | { readonly view: 'list'; readonly page: number }
  | { readonly view: 'article'; readonly id: number }
  | { readonly view: 'edit'; readonly id: number }
  | { readonly view: 'new' }
  | { readonly view: 'not-found'; readonly hash: string }

/** The hash of each place. */
export const paths = {
  list: (page = 1) => `#/articles?page=${page}`,
  article: (id: number) => `#/articles/${id}`,
  edit: (id: number) => `#/articles/${id}/edit`,
  create: () => '#/new',
}

const positive = (text: string | null | undefined): number | undefined => {
  const value = Number(text)
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/**
 * The place a hash names: `#/articles?page=2`, `#/articles/7`, `#/articles/7/edit`, `#/new`.
 * No hash is the first page of articles; a missing or bad page number is page 1.
 *
 * @example
 * parseHash('#/articles/7/edit') // { view: 'edit', id: 7 }
 */
export function parseHash(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?')
  if (path === '' || path === '/' || path === '/articles') {
    return { view: 'list', page: positive(new URLSearchParams(query).get('page')) ?? 1 }
  }
  if (path === '/new') return { view: 'new' }
  const match = /^\/articles\/([^/]+)(\/edit)?$/.exec(path)
  const id = positive(match?.[1])
  if (match && id !== undefined) return match[2] ? { view: 'edit', id } : { view: 'article', id }
  return { view: 'not-found', hash }
}
