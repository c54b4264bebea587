import { withArticle } from '../../definition/words.js'
import type { CollectionModel } from '../../model/types.js'
import type { Credentials, Exchange } from '../../remote/client.js'
import {
  absoluteUrl,
  expand,
  firstLink,
  hrefOf,
  isObject,
  type Json,
  linksOf,
  sameUrl,
} from '../documents.js'
import { HAL, PROBLEM, type VerifyRun } from '../run.js'
import { checkAuth } from './auth.js'
import { invalidBodies, validBody } from './bodies.js'
import { track } from './created.js'
import { checkPatches } from './patch.js'
import { checkErrors, checkNoStack } from './problems.js'
import { asSent } from './read-back.js'

/** Writes, unless the definition has none: a create, read, replace, patch and delete per writable collection. */
export async function runWrites(run: VerifyRun): Promise<void> {
  if (!run.model.auth.writes) return
  for (const c of run.model.collections) {
    if (!c.writable) continue
    const place = placeOf(run, c)
    if (!place) {
      run.finding(
        c.name,
        'create',
        `The crawl found no list to create ${withArticle(c.noun)} in.`,
        undefined,
        'warning',
      )
      continue
    }
    await writeCycle(run, c, place.url, place.parentId)
  }
}

/** Where to create a record: the list the root links, or under a parent the crawl read. */
export function placeOf(
  run: VerifyRun,
  c: CollectionModel,
): { url: string; parentId?: unknown } | undefined {
  if (!c.parent) {
    const list = run.roots.get(c.name)
    return list === undefined ? undefined : { url: list }
  }
  for (const parent of run.items.get(c.parent.collection) ?? []) {
    const href = hrefOf(firstLink(linksOf(parent.doc)[c.rel]))
    if (href !== undefined) return { url: expand(href, {}), parentId: parent.doc.id }
  }
  return undefined
}

/**
 * A create refused as invalid where the definition names no member to send and promises no
 * writes (a recording of a list it saw no record nor form of): a warning, as the body could not
 * be known, and nothing more is written.
 */
function unknownInputRefused(
  run: VerifyRun,
  c: CollectionModel,
  created: Awaited<ReturnType<VerifyRun['send']>>,
): boolean {
  const named = Object.keys((c.jsonSchema.input.properties as object | undefined) ?? {})
  if (run.promises('writes') || named.length > 0) return false
  if (created.status !== 400 && created.status !== 422) return false
  run.finding(
    c.name,
    'create',
    `A create answers ${created.status}: the definition names no member of ${withArticle(c.noun)} to send.`,
    created,
    'warning',
  )
  return true
}

/** One record's life in a collection: created, read back, refused when invalid, replaced, patched, deleted. */
export async function writeCycle(
  run: VerifyRun,
  c: CollectionModel,
  list: string,
  parentId: unknown,
): Promise<void> {
  const json = { 'content-type': 'application/json', accept: HAL }
  const body = await validBody(run, c, parentId, 1)
  const post = (payload: unknown, credentials: Credentials = 'token', headers = {}) =>
    run.send('POST', list, {
      headers: { ...json, ...headers },
      body: JSON.stringify(payload),
      credentials,
    })
  if (!(await checkAuth(run, c, post, body))) return
  const created = await post(body)
  const url = track(run, c, created)
  // A Location on another origin or naming a record read before: said, and nothing written.
  if (url === null) return
  if (!run.offered(c.name, 'create', created, 'A create')) return
  if (unknownInputRefused(run, c, created)) return
  run.expect(
    c.name,
    'create',
    created.status === 201,
    `A create answers ${created.status}, not 201.`,
    created,
  )
  // A refused create made nothing: one failure, not another for the Location it has not.
  if (created.status >= 300 && url === undefined) return
  if (
    !run.expect(
      c.name,
      'create',
      url !== undefined,
      'A create answers neither Location nor a self link.',
      created,
    )
  )
    return
  const at = url as string
  const read = await run.send('GET', at, { headers: { accept: HAL } })
  if (
    !run.expect(
      c.name,
      'read-back',
      read.status === 200,
      `The created ${c.noun} at ${at} answers ${read.status}.`,
      read,
    )
  )
    return
  asSent(run, c, body, read)
  checkLocation(run, c, created, read)
  // Invalid bodies: the schema refuses them, so does the server.
  // Not sent where the definition promises no refusal: a server that takes them would keep them.
  for (const [what, invalid] of run.promises('problems') ? invalidBodies(c, body) : []) {
    const refused = await post(invalid)
    track(run, c, refused)
    const type = (refused.headers.get('content-type') ?? '').split(';')[0]?.trim()
    run.expect(
      c.name,
      'invalid-body',
      refused.status === 422 && type === PROBLEM,
      `A body with ${what} answers ${refused.status} ${type ?? ''}, not a 422 problem.`,
      refused,
    )
    checkErrors(run, c, refused)
    checkNoStack(run, c, refused)
  }
  const before = read.headers.get('etag')
  const replacement = await validBody(run, c, parentId, 2)
  // PUT replaces (RFC 9110 §9.3.4): a member the create sent and the replacement does not is gone.
  // A definition promising no writes (a recording's) knows no optional member for sure: the
  // server may require what its input leaves optional.
  let dropped = run.promises('writes') ? optionalMember(c, body) : undefined
  const whole = { ...replacement }
  if (dropped !== undefined) delete replacement[dropped]
  const replace = (sent: Json) =>
    run.send('PUT', at, {
      headers: { ...json, ...(before ? { 'if-match': before } : {}) },
      body: JSON.stringify(sent),
    })
  let put = await replace(replacement)
  // A member only guessed optional (a recording's all-optional input) that the server requires:
  // the refusal says so, and the replace is checked whole.
  if (dropped !== undefined && (put.status === 400 || put.status === 422)) {
    dropped = undefined
    for (const key of Object.keys(whole)) replacement[key] = whole[key]
    put = await replace(replacement)
  }
  const replacing = run.offered(c.name, 'replace', put, 'PUT')
  if (replacing) {
    run.expect(
      c.name,
      'replace',
      put.status === 200 || put.status === 204,
      `PUT answers ${put.status}.`,
      put,
    )
    const replaced = await run.send('GET', at, { headers: { accept: HAL } })
    asSent(run, c, replacement, replaced)
    if (dropped !== undefined && put.status < 300 && isObject(replaced.json)) {
      const left = replaced.json[dropped]
      run.expect(
        c.name,
        'replace.removes',
        // Merged is the created value kept; a default the server sets in its place is replaced.
        JSON.stringify(left) !== JSON.stringify(body[dropped]),
        () =>
          `PUT without "${dropped}" keeps it (${String(JSON.stringify(left)).slice(0, 80)}): merged, not replaced.`,
        replaced,
      )
    }
  }
  // Nothing replaced (PUT not offered): no stale validator to send.
  if (replacing && before && JSON.stringify(replacement) === JSON.stringify(body)) {
    run.finding(
      c.name,
      'if-match',
      'The replacement generated is the record as created: no stale If-Match to send.',
      undefined,
      'warning',
    )
  } else if (replacing && before && run.promises('preconditions')) {
    const stale = await run.send('PUT', at, {
      headers: { ...json, 'if-match': before },
      body: JSON.stringify(await validBody(run, c, parentId, 3)),
    })
    run.expect(
      c.name,
      'if-match',
      stale.status === 412,
      `PUT with a stale If-Match answers ${stale.status}, not 412.`,
      stale,
    )
    const after = await run.send('GET', at, { headers: { accept: HAL } })
    if (stale.status !== 412) asSent(run, c, replacement, after, 'if-match')
    else checkNoStack(run, c, stale)
    await checkUnmodifiedSince(run, c, at, replacement, parentId)
  }
  await checkPatches(run, c, at, replacement)
  const deleted = await run.send('DELETE', at)
  // The definition's status (a 204 without a body); a recording's guess, any success.
  const success = run.model.operations.find((o) => o.collection === c.name && o.kind === 'delete')
    ?.status.success
  const expected = run.promises('writes') && success !== undefined ? [success] : [200, 202, 204]
  run.expect(
    c.name,
    'delete',
    expected.includes(deleted.status) && (deleted.status !== 204 || deleted.text === ''),
    `DELETE answers ${deleted.status}${deleted.text === '' ? '' : ' with a body'}, not ${expected.join(' or ')}.`,
    deleted,
  )
  const gone = await run.send('GET', at, { headers: { accept: HAL } })
  const entry = run.created.get(at)
  if ([404, 410].includes(gone.status) && entry) entry.deleted = true
  run.expect(
    c.name,
    'delete.gone',
    [404, 410].includes(gone.status),
    `The deleted ${c.noun} still answers ${gone.status}.`,
    gone,
  )
  checkNoStack(run, c, gone)
}

/** A create's `Location` names the record made: the one read back there says it is its self. */
function checkLocation(run: VerifyRun, c: CollectionModel, created: Exchange, read: Exchange) {
  const location = created.headers.get('location')
  const self = hrefOf(firstLink(linksOf(read.json).self))
  const named = location === null ? undefined : absoluteUrl(created.url, location)
  run.expect(
    c.name,
    'create.location',
    named !== undefined && self !== undefined && sameUrl(absoluteUrl(read.url, self), named),
    location === null
      ? 'A create answers 201 without Location.'
      : `A create's Location ${location} reads a ${c.noun} whose self is ${String(self)}.`,
    created,
  )
}

/**
 * `If-Unmodified-Since` a second before the record's `Last-Modified`: it changed since, so a PUT
 * gets 412 and changes nothing (RFC 9110 §13.1.4, docs/api.md, Preconditions).
 */
async function checkUnmodifiedSince(
  run: VerifyRun,
  c: CollectionModel,
  at: string,
  current: Json,
  parentId: unknown,
): Promise<void> {
  if (!run.active('if-unmodified-since')) return
  const read = await run.send('GET', at, { headers: { accept: HAL } })
  const modified = Date.parse(read.headers.get('last-modified') ?? '')
  if (Number.isNaN(modified)) return
  const since = new Date(modified - 1000).toUTCString()
  const stale = await run.send('PUT', at, {
    headers: { 'content-type': 'application/json', accept: HAL, 'if-unmodified-since': since },
    body: JSON.stringify(await validBody(run, c, parentId, 4)),
  })
  run.expect(
    c.name,
    'if-unmodified-since',
    stale.status === 412,
    `PUT with If-Unmodified-Since: ${since}, before its Last-Modified, answers ${stale.status}, not 412.`,
    stale,
  )
  if (stale.status !== 412) {
    const after = await run.send('GET', at, { headers: { accept: HAL } })
    asSent(run, c, current, after, 'if-unmodified-since')
  }
}

/** A member the create sent that the input schema leaves optional, without a default. */
function optionalMember(c: CollectionModel, body: Json): string | undefined {
  const schema = c.jsonSchema.input
  // Nor one the stored record must hold: a correct server refuses a PUT without it, or sets it.
  const required = new Set([
    ...((schema.required as string[] | undefined) ?? []),
    ...((c.jsonSchema.record.required as string[] | undefined) ?? []),
  ])
  const properties = (schema.properties as Record<string, Json> | undefined) ?? {}
  return Object.keys(body).find(
    (key) =>
      !required.has(key) &&
      key !== c.parent?.member &&
      properties[key] !== undefined &&
      !('default' in (properties[key] as Json)),
  )
}
