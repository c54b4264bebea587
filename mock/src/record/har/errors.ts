import type { HalPromises } from '../../definition/api.js'
import type { Crawl } from '../crawl.js'
import type { ErrorSample } from '../error-probe.js'
import type { HarTraffic } from './read.js'

/**
 * The session's first write the API refused as an invalid body (400 or 422, with a body or
 * none): its status and body show the API's error format, as the server answered it.
 */
function refusalOf(traffic: HarTraffic): ErrorSample | undefined {
  const refused = traffic.writes.find((w) => w.status === 400 || w.status === 422)
  if (refused === undefined) return undefined
  const contentType = (refused.answerType ?? '').split(';')[0]?.trim() ?? ''
  return {
    asked: `${refused.method} ${new URL(refused.url).pathname}`,
    url: refused.url,
    status: refused.status,
    contentType,
    body: refused.answer,
    // An answer the HAR holds that is no JSON (HTML): no body to learn from.
    ...(refused.answer === undefined && contentType !== '' ? { opaque: true } : {}),
  }
}

/**
 * A HAR's crawl with the refusal its session saw, beside the live crawl's 404 (`record <root>
 * --har`): what the recording learns the API's error format from.
 *
 * @example
 * const crawl = withErrors(crawlOf(traffic, seeded, started, live), traffic, live)
 */
export function withErrors(crawl: Crawl, traffic: HarTraffic, live: Crawl | undefined): Crawl {
  const refused = refusalOf(traffic)
  const errors = { ...live?.errors, ...(refused ? { refused } : {}) }
  return Object.keys(errors).length > 0 ? { ...crawl, errors } : crawl
}

/**
 * A session whose write was refused as invalid shows that the API refuses bodies: `verify` then
 * holds it to refusing invalid ones, in the format it showed.
 *
 * @example
 * promises: (promises) => refusalPromises(promises, traffic)
 */
export function refusalPromises(promises: HalPromises, traffic: HarTraffic): HalPromises {
  if (refusalOf(traffic) === undefined) return promises
  const { problems: _, ...rest } = promises
  return rest
}
