import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  expandTemplate,
  isUriTemplateError,
  UriTemplateError,
  type Variables,
} from '../src/index.js'

interface Group {
  level?: number
  variables: Variables
  testcases: [string, string | string[] | false][]
}

// The official uritemplate-test suite (Apache-2.0, see fixtures/LICENSE): the RFC 6570 examples,
// the extended cases, and the negative ones (`false`: the template must be refused).
const suites = [
  'spec-examples.json',
  'spec-examples-by-section.json',
  'extended-tests.json',
  'negative-tests.json',
].map((file) => ({
  file,
  groups: JSON.parse(
    readFileSync(new URL(`./fixtures/uritemplate/${file}`, import.meta.url), 'utf8'),
  ) as Record<string, Group>,
}))

describe('expandTemplate: the uritemplate-test examples', () => {
  for (const { file, groups } of suites)
    for (const [name, group] of Object.entries(groups))
      describe(`${file}: ${name}`, () => {
        it.each(group.testcases)('%s', (template, expected) => {
          if (expected === false) {
            expect(() => expandTemplate(template, group.variables)).toThrow(UriTemplateError)
            return
          }
          const actual = expandTemplate(template, group.variables)
          if (Array.isArray(expected)) expect(expected).toContain(actual)
          else expect(actual).toBe(expected)
        })
      })
})

describe('expandTemplate: invalid templates and variables', () => {
  it.each([
    ['/blogs/{blogId', 'an unterminated expression'],
    ['/blogs/{blog id}', 'a space in a variable name'],
    ['/blogs/{}', 'an empty expression'],
    ['/blogs/{?}', 'an operator without a variable'],
    ['/blogs/{var:0}', 'a prefix of 0'],
    ['/blogs/{var:10000}', 'a prefix over 9999'],
    ['/blogs/{var:3*}', 'a prefix and an explode together'],
    ['/blogs/{$var}', 'a reserved operator'],
    ['/blogs/}{', 'a closing brace first'],
    ['/blogs/{a,,b}', 'an empty variable name in a list'],
  ])('rejects %s (%s) with a UriTemplateError naming the template', (template) => {
    const error = (() => {
      try {
        expandTemplate(template, { var: 'value', a: 1, b: 2, blogId: 1 })
      } catch (e) {
        return e
      }
      return undefined
    })()
    expect(isUriTemplateError(error)).toBe(true)
    expect((error as UriTemplateError).template).toBe(template)
    expect((error as Error).message).toContain(`'${template}'`)
  })

  it('rejects a variable of a type no template can take', () => {
    expect(() => expandTemplate('{x}', { x: [['nested']] } as unknown as Variables)).toThrow(
      UriTemplateError,
    )
  })

  it("percent-encodes the sub-delims JavaScript's encodeURIComponent keeps, in upper case", () => {
    expect(expandTemplate('{x}', { x: "a*b!c'(d)" })).toBe('a%2Ab%21c%27%28d%29')
    expect(expandTemplate('{+x}', { x: "a*b!c'(d)[e]" })).toBe("a*b!c'(d)[e]")
  })

  it('leaves out undefined and null variables', () => {
    expect(
      expandTemplate('/blogs/1/articles{?pageIndex,pageSize}', {
        pageIndex: undefined,
        pageSize: null,
      }),
    ).toBe('/blogs/1/articles')
  })
})
