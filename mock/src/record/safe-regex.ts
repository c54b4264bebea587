/**
 * Whether a pattern may backtrack catastrophically in JavaScript's engine: a group repeated a
 * variable number of times (`*`, `+`, `{2,}`, `{1,9}`) that holds a quantifier of a variable count
 * itself (`(a+)+`, `(\w*-?)*`, `(a{1,3}){2,}`): the star height past 1 that safe-regex checks.
 * Conservative: `^[a-z]+(-[a-z]+)*$` is refused too. `(\d{3}-)?` and `(ab)+` pass.
 *
 * @example
 * backtracks('^(a+)+$') // true
 * backtracks('^\\d{3}-\\d{4}$') // false
 */
export function backtracks(pattern: string): boolean {
  /** Per open group: whether it holds a variable quantifier. */
  const open: boolean[] = []
  /** What the next quantifier applies to: a group holding a variable quantifier, or else. */
  let previous: 'variable-group' | 'atom' | 'none' = 'none'
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === '\\') {
      i++
      previous = 'atom'
    } else if (c === '[') {
      // A class: to its unescaped `]` (a `]` first in it is a member).
      i++
      if (pattern[i] === '^') i++
      if (pattern[i] === ']') i++
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1
      previous = 'atom'
    } else if (c === '(') {
      open.push(false)
      // `(?:`, `(?=`, `(?<name>`: the `?` is no quantifier.
      if (pattern[i + 1] === '?') i++
      previous = 'none'
    } else if (c === ')') {
      previous = open.pop() ? 'variable-group' : 'atom'
    } else {
      const quantifier = quantifierAt(pattern, i)
      if (quantifier === undefined) {
        previous = c === '|' ? 'none' : 'atom'
        continue
      }
      if (quantifier.repeats && previous === 'variable-group') return true
      if (quantifier.variable) open.fill(true)
      i = quantifier.end
      if (pattern[i + 1] === '?') i++ // lazy
      previous = 'atom'
    }
  }
  return false
}

/** The quantifier at `i`: whether it repeats (more than once), its count varies, where it ends. */
function quantifierAt(
  pattern: string,
  i: number,
): { repeats: boolean; variable: boolean; end: number } | undefined {
  const c = pattern[i]
  if (c === '*' || c === '+') return { repeats: true, variable: true, end: i }
  if (c === '?') return { repeats: false, variable: true, end: i }
  if (c !== '{') return undefined
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 32))
  if (!match) return undefined
  const min = Number(match[1])
  const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3])
  return { repeats: max > 1, variable: max > min, end: i + match[0].length - 1 }
}
