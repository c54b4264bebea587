import type { ClientContext } from './context.js'
import { LinkNotFoundError } from './errors.js'
import { linkTarget } from './links.js'
import type { Resource } from './resource.js'
import type { State } from './state.js'
import type { RequestOptions } from './types.js'

/** Options of `pages()`. */
export interface PagesOptions extends RequestOptions {
  /** Request the next page while the current one is in use. Default `false`. */
  prefetch?: boolean
}

/** Options of `items()`. */
export interface ItemsOptions<K extends string = string> extends PagesOptions {
  /**
   * The embedded rel that holds the items. Default: the only one a page embeds, else `item`; a
   * page that embeds several rels, none of them `item`, throws a `LinkNotFoundError` listing them.
   */
  rel?: K
}

/**
 * The URI of the page after `page`: the first of `rels` it links, in order (a templated link
 * expanded with no variables). It is how `pages()` and `items()` walk a collection (with the
 * client's `nextRels`), and how `Resource.nextPage()` answers.
 *
 * @example
 * ```ts
 * const next = nextPageUri(page, ['next'])
 * if (next) await client.go(next).get()
 * ```
 */
export function nextPageUri<T>(
  page: State<T>,
  rels: readonly string[] = ['next'],
): string | undefined {
  for (const rel of rels) {
    const link = (page as State).links.get(rel)
    // A templated one (Spring Data REST's `?page=1&size=20{&sort}`) is expanded with no variables.
    if (link) return linkTarget(link)
  }
  return undefined
}

/** The pages of a collection, from `first` on. */
export async function* pages<T>(
  context: ClientContext,
  first: Resource<T>,
  options: PagesOptions,
): AsyncGenerator<State<T>> {
  const { prefetch = false, ...request } = options
  const seen = new Set<string>()
  let state = await first.get(request)
  for (;;) {
    seen.add(state.uri)
    const next = nextPageUri(state, context.options.nextRels)
    // A next link back to a page already read would loop: the walk ends there.
    const more = next !== undefined && !seen.has(next)
    const ahead = more && prefetch ? context.go<T>(next).get(request) : undefined
    ahead?.catch(() => {}) // if the consumer stops here, a failed prefetch must not go unhandled
    yield state
    if (!more) return
    state = await (ahead ?? context.go<T>(next).get(request))
  }
}

/** The items embedded in a collection's pages, from `first` on. */
export async function* items<T, Item>(
  context: ClientContext,
  first: Resource<T>,
  options: ItemsOptions,
): AsyncGenerator<State<Item>> {
  const { rel, ...rest } = options
  for await (const page of pages(context, first, rest)) {
    const rels = page.embeddedRels()
    // Several rels and none of them `item`: guessing one could silently yield the wrong things.
    if (rel === undefined && rels.length > 1 && !rels.includes('item'))
      throw new LinkNotFoundError('item', page.uri, rels)
    const itemRel = rel ?? (rels.length === 1 ? rels[0] : undefined) ?? 'item'
    yield* (page as State).embedded(itemRel) as readonly State<Item>[]
  }
}
