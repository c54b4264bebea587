/**
 * Characters a terminal acts on rather than shows: C0 and C1 controls (ESC starts the sequences
 * that set a window's title or clear the screen), DEL, line and paragraph separators, and the bidi
 * controls that reorder what follows.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu

/**
 * Text from elsewhere (a server's reason phrase, a URL, a member's name, an error's message) as it
 * is safe to print on one line: each control character as an escape (`\x1b`, `\n`, `\u202e`), and
 * past `max` characters cut with a count of the rest.
 *
 * @example
 * printable('404 \u001b]0;TITLE\u0007') // '404 \\x1b]0;TITLE\\x07'
 */
export function printable(text: string, max = 2000): string {
  const cut = text.length > max ? text.slice(0, max) : text
  const escaped = cut.replace(CONTROL_CHARACTERS, (c) => {
    const code = c.charCodeAt(0)
    if (c === '\n') return '\\n'
    if (c === '\r') return '\\r'
    if (c === '\t') return '\\t'
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`
  })
  return text.length > max ? `${escaped}… (${text.length - max} more characters)` : escaped
}
