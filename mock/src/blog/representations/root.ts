import type { ApiUrls } from '../links.js'
import type { RootRepresentation } from '../types.js'

/** The API root (ext): the bookmark a hypermedia client starts from. */
export function rootRepresentation(urls: ApiUrls): RootRepresentation {
  return {
    _links: {
      curies: urls.curies,
      self: { href: urls.root() },
      'doc:blog': { href: `${urls.base}/blogs/{blogId}`, templated: true },
      'doc:graphql': { href: urls.graphql() },
    },
  }
}
