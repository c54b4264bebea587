// The one place values given as credentials are taken out of text: every spelling a server or a
// URL may echo them in, replaced before anything is cut, printed or written.

/** What a secret is replaced by in reports, excerpts and files. */
export const REDACTED = '[redacted]'
/** Shorter values are too likely to be ordinary text to replace wherever they appear. */
const SHORTEST = 4

/**
 * The spellings of one credential a server may echo: as given; without its scheme word (`Bearer`,
 * `Basic`, `Token`); a Basic credential's decoded `user:pass`; each of them percent-encoded (a
 * URL, a query) and JSON-escaped (`/` as `\/`, as PHP writes it; `"` and `\` escaped). Longest first.
 *
 * @example
 * secretSpellings('Basic dXNlcjpwYXNz') // includes 'dXNlcjpwYXNz' and 'user:pass'
 */
export function secretSpellings(value: string): string[] {
  const base = new Set<string>([value])
  const scheme = /^(Bearer|Basic|Token)\s+(\S.*)$/i.exec(value.trim())
  const credential = scheme?.[2]
  if (credential !== undefined) {
    base.add(credential)
    if (scheme?.[1]?.toLowerCase() === 'basic') {
      const decoded = decodeBase64(credential)
      if (decoded !== undefined) base.add(decoded)
    }
  }
  const all = new Set<string>()
  for (const spelling of base) {
    all.add(spelling)
    all.add(encodeURIComponent(spelling))
    // `+` for a space, as forms and many query strings spell it.
    all.add(encodeURIComponent(spelling).replace(/%20/g, '+'))
    const json = JSON.stringify(spelling).slice(1, -1)
    all.add(json)
    all.add(json.replace(/\//g, '\\/'))
  }
  return [...all].filter((s) => s.length >= SHORTEST).sort((a, b) => b.length - a.length)
}

/** A Basic credential's `user:pass`, when it is base64 of text with a colon. */
function decodeBase64(credential: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) return undefined
  const text = Buffer.from(credential, 'base64').toString('utf8')
  return text.includes(':') && !text.includes('\uFFFD') ? text : undefined
}

/**
 * The credentials of a run (the token and every `--header` value, cookies one by one), and the
 * text of reports with them replaced by {@link REDACTED} in every spelling.
 *
 * @example
 * const secrets = new Secrets(['Bearer s3cr/et'])
 * secrets.redact('{"echo":"s3cr\\/et"}') // '{"echo":"[redacted]"}'
 */
export class Secrets {
  readonly #spellings: readonly string[]

  constructor(values: Iterable<string>) {
    const all = new Set<string>()
    for (const value of values) {
      for (const spelling of secretSpellings(value)) all.add(spelling)
      // A Cookie header's values, each on its own: a server echoes one cookie, not the header.
      for (const pair of value.split(';')) {
        const cookie = pair.slice(pair.indexOf('=') + 1).trim()
        if (pair.includes('=') && cookie !== value)
          for (const spelling of secretSpellings(cookie)) all.add(spelling)
      }
    }
    this.#spellings = [...all].sort((a, b) => b.length - a.length)
  }

  /** The spellings replaced, longest first (for a guard of its own, such as a recording's). */
  get spellings(): readonly string[] {
    return this.#spellings
  }

  /** `text` with every spelling of every secret replaced. */
  redact(text: string): string {
    let out = text
    for (const spelling of this.#spellings) {
      if (out.includes(spelling)) out = out.split(spelling).join(REDACTED)
    }
    return out
  }

  /** The first `length` characters of `text` once redacted: a cut never leaves a secret's prefix. */
  excerpt(text: string, length: number): string {
    return this.redact(text).slice(0, length)
  }

  /** Whether `text` still holds a secret in one of its spellings. */
  leaks(text: string): boolean {
    return this.#spellings.some((spelling) => text.includes(spelling))
  }
}
