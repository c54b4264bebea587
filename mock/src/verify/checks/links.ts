import type { Exchange } from '../../remote/client.js'
import { allLinks, expand, linksOf, resolveHref } from '../documents.js'
import { ANY, type VerifyRun } from '../run.js'

/** The definition's CURIEs on a document, and a CURIE for every prefixed rel it uses. */
export function checkCuries(run: VerifyRun, collection: string, read: Exchange): void {
  const links = linksOf(read.json)
  const curies = allLinks(links.curies)
  const names = new Set(curies.map((c) => String(c.name)))
  for (const curie of run.model.curies) {
    const used = Object.keys(links).some((rel) => rel.startsWith(`${curie.name}:`))
    if (!used) continue
    const found = curies.find((c) => c.name === curie.name)
    run.expect(
      collection,
      'curies',
      found !== undefined,
      `${read.url} uses "${curie.name}:" rels without its CURIE.`,
      read,
    )
    if (found) {
      const href = curie.asIs ? curie.href : resolveHref(run.base, curie.href)
      // Like with like: a relative href (`/docs/rels/{rel}`) is the URL it resolves to.
      const at = (h: unknown) => {
        try {
          return new URL(String(h), read.url).href
        } catch {
          return String(h)
        }
      }
      run.expect(
        collection,
        'curies',
        at(found.href) === at(href) && found.templated === true,
        `The CURIE "${curie.name}" is ${String(found.href)}, not the template ${href}.`,
        read,
      )
    }
  }
  // Other prefixes, once each with the rels that use it (the definition's are checked above).
  const defined = new Set(run.model.curies.map((c) => c.name))
  const prefixed = new Map<string, string[]>()
  for (const rel of Object.keys(links)) {
    const prefix = /^([a-z][\w.-]*):(?!\/\/)/i.exec(rel)?.[1]
    if (prefix === undefined || ['http', 'https', 'urn'].includes(prefix)) continue
    if (!defined.has(prefix)) prefixed.set(prefix, [...(prefixed.get(prefix) ?? []), rel])
  }
  for (const [prefix, rels] of prefixed) {
    run.expect(
      collection,
      'curies',
      names.has(prefix),
      `${read.url} links ${rels.map((rel) => `"${rel}"`).join(', ')} without a CURIE named ${prefix}.`,
      read,
    )
  }
}

/**
 * A link answers: anything but 404, 410, a 5xx or no answer. A template is expanded without
 * values: one with a variable in its path (`/search/{term}`) then names no resource of its
 * own, so its 404 is a warning; so is the 404 of a link the definition says is not `served`.
 */
export async function checkResolves(
  run: VerifyRun,
  collection: string,
  rel: string,
  href: string,
  from?: Exchange,
  served = true,
): Promise<void> {
  const url = expand(href, {})
  const answer = await run.get(url, ANY)
  const ok =
    answer.status !== 0 && answer.status !== 404 && answer.status !== 410 && answer.status < 500
  const pathVariable = /\{[^?&#}][^}]*\}/.test(href.split(/\{[?&#]/)[0] ?? '')
  run.expect(
    collection,
    'link.resolves',
    ok,
    `"${rel}" (${url}) answers ${answer.status}.`,
    ok ? from : answer,
    (pathVariable && answer.status === 404) ||
      (!served && (answer.status === 404 || answer.status === 410))
      ? 'warning'
      : 'failure',
  )
}
