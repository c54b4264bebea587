import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
import {
  absoluteUrl,
  allLinks,
  expand,
  firstLink,
  hrefOf,
  isObject,
  type Json,
  type Link,
  linksOf,
  numberParam,
  pointerGet,
  templateVariables,
} from '../documents.js'
import { HAL, type VerifyRun } from '../run.js'
import type { VerifyRule } from '../types.js'
import { checkForms } from './forms.js'
import { checkCuries, checkResolves } from './links.js'
import { checkAllow, checkMediaType } from './negotiation.js'
import { checkRecord } from './records.js'
import { checkCaching } from './validators.js'

/** A record by its URL: its checks, then its links followed (a few records a collection). */
export async function readItem(
  run: VerifyRun,
  c: CollectionModel,
  url: string,
  via: VerifyRule = 'link.resolves',
): Promise<void> {
  const read = run.items.get(c.name) ?? []
  if (read.some((r) => r.url === url)) return
  if (read.length >= run.samples) {
    await checkResolves(run, c.name, 'self', url)
    return
  }
  const item = await run.get(url)
  if (
    !run.expect(
      c.name,
      via,
      item.status === 200 && isObject(item.json),
      `${url} answers ${item.status}.`,
      item,
    )
  )
    return
  const doc = item.json as Json
  read.push({ url, doc })
  run.items.set(c.name, read)
  checkMediaType(run, c.name, item, HAL)
  checkCuries(run, c.name, item)
  await checkRecord(run, c, doc, item, url)
  if (read.length === 1) {
    await checkCaching(run, c.name, item)
    await checkForms(run, c, item, 'item')
    await checkAllow(run, c, item)
  }
  const links = linksOf(doc)
  for (const declared of c.links) {
    for (const link of allLinks(links[declared.rel])) {
      const href = hrefOf(link)
      if (href === undefined) continue
      const target = declared.collection ? run.model.collection(declared.collection) : undefined
      if (declared.kind === 'relation' && target) await readItem(run, target, href)
      else if ((declared.kind === 'nested' || declared.kind === 'reverse') && target)
        await readList(run, target, href, item, false, declared.kind === 'reverse')
      else await checkResolves(run, c.name, declared.rel, href, item, declared.served !== false)
    }
  }
}

/**
 * A list from a link (a template with the convention's parameters), read page by page; `back`, a
 * page of back links (the records linking to one).
 */
export async function readList(
  run: VerifyRun,
  c: CollectionModel,
  template: string,
  from: Exchange,
  fromRoot = false,
  back = false,
): Promise<void> {
  const { paging } = c
  const seen = run.lists.get(c.name) ?? []
  // The root's list is read whole always; the lists records link, a few a collection.
  if (!fromRoot && seen.length >= run.samples) return
  const variables = templateVariables(template)
  const params =
    variables.includes(paging.page) && variables.includes(paging.size) ? true : !/\{/.test(template)
  run.expect(
    c.name,
    'page.params',
    params,
    `The link to ${c.name} (${template}) is no template of ${paging.page} and ${paging.size}.`,
    from,
  )
  // The first page by its number: a server may answer a list asked without one unpaged
  // (json-server without `_page`), which the convention's pages are not.
  const first = variables.includes(paging.page) ? { [paging.page]: String(paging.firstIndex) } : {}
  // A definition stating no largest page size (a recording's) promises none: its pages are read
  // at the convention's default size, as the server pages them (json-server links first and last
  // only when there is more than one page).
  const { definition } = c
  const stated = [
    run.model.definition.paging?.maxSize,
    definition.paging?.maxSize,
    definition.pageSize?.max,
  ].some((max) => max !== undefined)
  const url = expand(template, stated ? { ...first, [paging.size]: String(paging.maxSize) } : first)
  seen.push(url)
  run.lists.set(c.name, seen)
  if (run.first(`default-size ${c.name}`) && paging.layout.size) {
    const plain = await run.get(expand(template, {}))
    const size = pointerGet(plain.json, paging.layout.size)
    run.expect(
      c.name,
      'page.params',
      plain.status !== 200 || size === paging.defaultSize,
      `A page asked without ${paging.size} has ${String(size)} items a page, not ${paging.defaultSize}.`,
      plain,
    )
  }
  if (run.first(`size-bounds ${c.name}`)) await checkSizeBounds(run, c, template)
  const read = await readPages(run, c, url, back)
  // One page says nothing of the links of the pages between: once a collection, its records
  // again at a third of the size, first, middle and last.
  const size = read.total === undefined ? 0 : Math.ceil(read.total / 3)
  if (
    read.pages === 1 &&
    size >= 1 &&
    read.total !== undefined &&
    read.total >= 2 &&
    variables.includes(paging.size) &&
    run.first(`small pages ${c.name}`)
  ) {
    await readPages(run, c, expand(template, { ...first, [paging.size]: String(size) }), back)
  }
}

/**
 * A page size past the largest, and 0, answer 400 (docs/api.md, Article page): a server that
 * quietly serves another size pages differently from what a client asked. Only where the
 * definition states its largest size, or is the core's paging (a recording's guesses none).
 */
async function checkSizeBounds(run: VerifyRun, c: CollectionModel, template: string) {
  const { paging, definition } = c
  const stated = [
    run.model.definition.paging?.maxSize,
    definition.paging?.maxSize,
    definition.pageSize?.max,
  ].some((max) => max !== undefined)
  // A definition with no promises is the core's paging, which bounds every size.
  if (!(stated || run.model.definition.promises === undefined)) return
  if (!run.active('page.size.bounds')) return
  if (!templateVariables(template).includes(paging.size)) return
  for (const size of [paging.maxSize + 1, 0]) {
    const answer = await run.get(expand(template, { [paging.size]: String(size) }))
    run.expect(
      c.name,
      'page.size.bounds',
      answer.status === 400,
      `${paging.size}=${size} (the largest is ${paging.maxSize}) answers ${answer.status}, not 400.`,
      answer,
    )
  }
}

/**
 * A list's pages from `url`, walked by `next` up to `--pages`: each page's checks (its place, its
 * counts, its neighbours), each record's, then a few records again at their own URL.
 */
export async function readPages(
  run: VerifyRun,
  c: CollectionModel,
  url: string,
  back = false,
): Promise<{ pages: number; total?: number }> {
  const { paging } = c
  const maxPages = run.options.pages ?? 50
  let next: string | undefined = url
  let index: number = paging.firstIndex
  let count = 0
  let total: number | undefined
  let pages = 0
  const samples: string[] = []
  // A `next` back to a page of this walk is a cycle: said once, and the walk ends there.
  const walked = new Set<string>()
  while (next !== undefined && pages < maxPages) {
    const at = absoluteUrl(run.options.url, next)
    if (walked.has(at)) {
      run.expect(
        c.name,
        'page.next',
        false,
        `next of page ${index - 1} leads back to ${at}, a page read before.`,
      )
      return total === undefined ? { pages } : { pages, total }
    }
    walked.add(at)
    const page = await run.get(next)
    pages++
    if (
      !run.expect(
        c.name,
        'page.links',
        page.status === 200 && isObject(page.json),
        `A page answers ${page.status}.`,
        page,
      )
    )
      return { pages }
    if (pages === 1) await checkFirstPage(run, c, page, back)
    const read = pageRead(c, page, index)
    checkPagePlace(run, c, read, pages === 1)
    const counted = checkPageCounts(run, c, read, total)
    if (counted.total !== undefined) total = counted.total
    const nextHref = checkPageNeighbours(run, c, read, counted.lastIndex)
    for (const record of counted.records) {
      // A page that links its records (`_links.item`) holds links: each is read at its URL.
      if (!c.paging.linkedItems) await checkRecord(run, c, record, page, undefined)
      const href = c.paging.linkedItems
        ? hrefOf(record as { href?: string })
        : hrefOf(firstLink(linksOf(record).self))
      if (href !== undefined && samples.length < run.samples) samples.push(href)
    }
    count += counted.records.length
    // A templated next (`?page=1&size=5{&sort}`) is followed with its other variables unset.
    next = nextHref === undefined ? undefined : expand(nextHref, {})
    index++
  }
  if (next === undefined && total !== undefined) {
    run.expect(
      c.name,
      'page.totals',
      count === total,
      `The pages hold ${count} records but count ${total}.`,
    )
  }
  // A self that does not answer is a wrong self.
  for (const href of samples) await readItem(run, c, href, 'record.self')
  return total === undefined ? { pages } : { pages, total }
}

/** The checks of a list's first page made once a collection: media type, caching, forms, CURIEs. */
async function checkFirstPage(
  run: VerifyRun,
  c: CollectionModel,
  page: Exchange,
  back: boolean,
): Promise<void> {
  if (run.first(`page ${c.name}`)) {
    checkMediaType(run, c.name, page, HAL)
    await checkCaching(run, c.name, page)
  }
  // A page of back links to a nested collection has no create template (no one URL for it).
  if (!(back && c.parent) && run.first(`forms page ${c.name}`)) {
    await checkForms(run, c, page, 'page')
  }
  checkCuries(run, c.name, page)
}

/** One page of a walk, read: its document, the index the walk reached it as, its links by role. */
interface PageRead {
  readonly page: Exchange
  readonly doc: Json
  readonly index: number
  /** The href of the link of a role (self, first, next…) where the convention puts it. */
  readonly nav: (role: keyof CollectionModel['paging']['layout']['links']) => string | undefined
  /** The page an href names. */
  readonly pageOf: (href: string | undefined) => number | undefined
}

function pageRead(c: CollectionModel, page: Exchange, index: number): PageRead {
  const { paging } = c
  const doc = page.json as Json
  const nav: PageRead['nav'] = (role) => {
    const pointers = paging.layout.links[role]
    const standard = pointers.find((p) => p.startsWith('/_links/')) ?? pointers[0]
    return standard === undefined ? undefined : hrefOf(pointerGet(doc, standard) as Link)
  }
  // A URL that names no page is the first, as a request without the parameter is.
  const pageOf = (href: string | undefined) =>
    href === undefined
      ? undefined
      : (numberParam(absoluteUrl(page.url, href), paging.page) ?? paging.firstIndex)
  return { page, doc, index, nav, pageOf }
}

/** A page says where it is: its self names the page reached, the first page's first the first. */
function checkPagePlace(run: VerifyRun, c: CollectionModel, read: PageRead, first: boolean): void {
  const { paging } = c
  const { page, index, nav, pageOf } = read
  const self = nav('self')
  run.expect(c.name, 'page.links', self !== undefined, 'A page has no self link.', page)
  // A templated self (Spring Data REST's `/persons{&sort,page,size}`) names no page.
  if (self !== undefined && !self.includes('{')) {
    run.expect(
      c.name,
      'page.next',
      pageOf(self) === index,
      `The page reached as page ${index} says it is page ${String(pageOf(self))}.`,
      page,
    )
  }
  // A convention whose page renders no first link (a recording's) promises none.
  if (first && paging.layout.links.first.length > 0) {
    const firstHref = nav('first')
    run.expect(
      c.name,
      'page.params',
      pageOf(firstHref) === paging.firstIndex,
      `first names page ${String(pageOf(firstHref))}; the convention counts from ${paging.firstIndex}.`,
      page,
    )
  }
}

/**
 * A page's records and counts: an array of records, a total the same on every page (`before`,
 * the previous page's), totalPages and the records a page holds as the size makes them. Its
 * records, its total and the index of the last page, when the page says enough to know it.
 */
function checkPageCounts(
  run: VerifyRun,
  c: CollectionModel,
  { page, doc, index, nav }: PageRead,
  before: number | undefined,
): { records: Json[]; total: number | undefined; lastIndex: number | undefined } {
  const { paging } = c
  const { layout } = paging
  const items = layout.items === undefined ? undefined : pointerGet(doc, layout.items)
  run.expect(
    c.name,
    'page.items',
    Array.isArray(items),
    `A page has no array of records at ${layout.items ?? '(unknown)'}.`,
    page,
  )
  const records = (Array.isArray(items) ? items : []).filter(isObject)
  const pageTotal = layout.total === undefined ? undefined : pointerGet(doc, layout.total)
  const totalPages =
    layout.totalPages === undefined ? undefined : pointerGet(doc, layout.totalPages)
  const size =
    layout.size === undefined
      ? numberParam(nav('self') ?? '', paging.size)
      : pointerGet(doc, layout.size)
  if (typeof pageTotal === 'number') {
    if (before !== undefined) {
      run.expect(
        c.name,
        'page.totals',
        pageTotal === before,
        `One page counts ${before} records, the next ${pageTotal}.`,
        page,
      )
    }
    if (typeof size === 'number' && size > 0) {
      if (typeof totalPages === 'number') {
        run.expect(
          c.name,
          'page.totals',
          // An empty list is one empty page to some servers (halacious), none to others.
          totalPages === Math.ceil(pageTotal / size) || (pageTotal === 0 && totalPages === 1),
          `totalPages is ${totalPages}, but ${pageTotal} records ${size} a page make ${Math.ceil(pageTotal / size)}.`,
          page,
        )
      }
      const offset = (index - paging.firstIndex) * size
      const expected = Math.max(0, Math.min(size, pageTotal - offset))
      run.expect(
        c.name,
        'page.totals',
        records.length === expected,
        `Page ${index} holds ${records.length} records; ${pageTotal} in all, ${size} a page, it should hold ${expected}.`,
        page,
      )
    }
  }
  const lastPages =
    typeof totalPages === 'number'
      ? totalPages
      : typeof pageTotal === 'number' && typeof size === 'number' && size > 0
        ? Math.ceil(pageTotal / size)
        : undefined
  const lastIndex =
    lastPages === undefined ? undefined : paging.firstIndex + Math.max(lastPages - 1, 0)
  return {
    records,
    total: typeof pageTotal === 'number' ? pageTotal : undefined,
    lastIndex,
  }
}

/**
 * A page's links to the others: first and last there, prev on every page but the first, next on
 * every page but the last, each naming the page beside this one. The next page's href, if any.
 */
function checkPageNeighbours(
  run: VerifyRun,
  c: CollectionModel,
  { page, index, nav, pageOf }: PageRead,
  lastIndex: number | undefined,
): string | undefined {
  const { paging } = c
  const { layout } = paging
  const nextHref = nav('next')
  const prevHref = nav('prev')
  run.expect(
    c.name,
    'page.links',
    (layout.links.first.length === 0 || nav('first') !== undefined) &&
      (layout.links.last.length === 0 || nav('last') !== undefined),
    'A page lacks its first or last link.',
    page,
  )
  // A convention whose page renders no prev or next (a recording's) promises none.
  if (layout.links.prev.length > 0) {
    if (index === paging.firstIndex)
      run.expect(
        c.name,
        'page.prev.absent-on-first',
        prevHref === undefined,
        `The first page links a prev page (${String(prevHref)}).`,
        page,
      )
    else
      run.expect(
        c.name,
        'page.prev.present',
        prevHref !== undefined,
        `Page ${index} links no prev page.`,
        page,
      )
  }
  if (lastIndex !== undefined && layout.links.next.length > 0) {
    if (index >= lastIndex)
      run.expect(
        c.name,
        'page.next.absent-on-last',
        nextHref === undefined,
        `The last page (${index}) links a next page (${String(nextHref)}).`,
        page,
      )
    else
      run.expect(
        c.name,
        'page.next.present',
        nextHref !== undefined,
        `Page ${index} of ${lastIndex} links no next page.`,
        page,
      )
  }
  if (nextHref !== undefined) {
    run.expect(
      c.name,
      'page.next',
      pageOf(nextHref) === index + 1,
      `next of page ${index} names page ${String(pageOf(nextHref))}.`,
      page,
    )
  }
  if (prevHref !== undefined) {
    run.expect(
      c.name,
      'page.next',
      pageOf(prevHref) === index - 1,
      `prev of page ${index} names page ${String(pageOf(prevHref))}.`,
      page,
    )
  }
  return nextHref
}
