import type { ErrorFormatModel, ErrorRole, ErrorShape } from '../infer/errors.js'
import { key, literal } from '../infer/schema.js'

/** The source of one member's value, from the problem `p` (and, in a list, its field error `e`). */
function valueSource(as: ErrorRole): string {
  switch (as.role) {
    case 'type':
    case 'title':
    case 'status':
    case 'detail':
    case 'instance':
      return `p.${as.role}`
    case 'time':
      return 'new Date().toISOString()'
    case 'epoch':
      return 'Date.now()'
    case 'pointer':
      return 'e.pointer'
    case 'field':
      return "e.pointer.slice(1).replaceAll('/', '.')"
    case 'constant':
      return literal(as.value)
    case 'list':
      // An error of no invalid member (a 404) lists its detail once, as the API's did.
      return `(p.errors ?? [{ pointer: '', detail: p.detail }]).map((e) => ${shapeSource(as.item, true)})`
  }
}

/** An item's `detail` is its field error's own. */
const inItem = (source: string, item: boolean) =>
  item && source === 'p.detail' ? 'e.detail' : source

function shapeSource(shape: ErrorShape, item = false): string {
  if ('value' in shape) return inItem(valueSource(shape.value), item)
  const members = shape.members.map((m) => `${key(m.name)}: ${inItem(valueSource(m.as), item)}`)
  return members.length === 0 ? '({})' : `({ ${members.join(', ')} })`
}

/**
 * The `errors` option of a recording, with a comment saying where each part was learned; no
 * lines when the recording learned no error format.
 *
 * @example
 * body.push(...errorsSource(errorFormatOf(crawl.errors)))
 */
export function errorsSource(format: ErrorFormatModel | undefined): string[] {
  if (format === undefined) return []
  const lines = [
    "  // The API's own error format, answered by the mock and held by verify. Learned from",
    ...format.learned.map((line) => `  //   ${line}`),
    '  errors: {',
  ]
  if (format.invalid !== undefined) lines.push(`    invalid: ${format.invalid},`)
  if (format.empty || format.refused === undefined) {
    lines.push('    // Its errors have no body.', '    body: () => undefined,', '  },')
    return lines
  }
  if (format.mediaType !== undefined) lines.push(`    mediaType: ${literal(format.mediaType)},`)
  const refused = shapeSource(format.refused)
  lines.push(
    format.other && format.invalid !== undefined
      ? `    body: (p) => (p.status === ${format.invalid} ? ${refused} : ${shapeSource(format.other)}),`
      : `    body: (p) => ${refused},`,
  )
  lines.push('  },')
  return lines
}
