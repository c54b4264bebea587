import { recordId } from '../../core/record-id.js'
import { Problem } from '../../http/problem.js'
import type { PageRequest } from '../representations/page.js'
import type { RouteContext } from './route.js'

/** A path id: a positive integer, else the resource cannot exist (404, CONTRACT §1). */
export function pathId(context: RouteContext, name: string): number {
  const value = recordId(context.params[name])
  if (value === undefined) {
    throw new Problem(
      404,
      `There is no resource at ${context.url.pathname}: ${name} must be a positive integer.`,
    )
  }
  return value
}

export const DEFAULT_PAGE: PageRequest = { pageIndex: 1, pageSize: 10 }
export const MAX_PAGE_SIZE = 100

/**
 * `pageIndex` (1…) and `pageSize` (1…100) from the query; a missing one takes its default, any
 * other value is a 400 naming the parameter.
 */
export function pageRequest(url: URL): PageRequest {
  return {
    pageIndex: integerParam(url, 'pageIndex', DEFAULT_PAGE.pageIndex, Number.MAX_SAFE_INTEGER),
    pageSize: integerParam(url, 'pageSize', DEFAULT_PAGE.pageSize, MAX_PAGE_SIZE),
  }
}

function integerParam(url: URL, name: string, fallback: number, max: number): number {
  const values = url.searchParams.getAll(name)
  if (values.length === 0) return fallback
  const [raw = ''] = values
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN
  if (values.length > 1 || !(value >= 1 && value <= max)) {
    throw new Problem(
      400,
      `${name} must be one integer from 1 to ${max}, not "${values.join('", "')}".`,
    )
  }
  return value
}
