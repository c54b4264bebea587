// The English the core writes about a user's collections: the nouns of their records.

/** Endings of English plurals and their singulars, the most specific first. */
const SINGULAR_ENDINGS: readonly (readonly [RegExp, string])[] = [
  [/(quiz)zes$/i, '$1'],
  [/(matr|vert|ind)ices$/i, '$1ex'],
  [/(alias|status|bus|campus|virus)es$/i, '$1'],
  [/(ss|sh|ch|x|z|o)es$/i, '$1'],
  [/([^aeiouy])ies$/i, '$1y'],
  [/(m)ovies$/i, '$1ovie'],
  [/([lr])ves$/i, '$1f'],
  [/(kni|wi|li)ves$/i, '$1fe'],
  [/(analy|ba|diagno|parenthe|progno|synop|the)ses$/i, '$1sis'],
  [/([ti])a$/i, '$1um'],
  [/(ss|us|is)$/i, '$1'],
  [/s$/i, ''],
]

/** Plurals no ending rule gets right. */
const IRREGULAR: Readonly<Record<string, string>> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  mice: 'mouse',
  geese: 'goose',
  feet: 'foot',
  teeth: 'tooth',
  data: 'data',
  media: 'media',
  series: 'series',
  species: 'species',
  news: 'news',
  shoes: 'shoe',
  canoes: 'canoe',
  heroes: 'hero',
  potatoes: 'potato',
  tomatoes: 'tomato',
}

/**
 * The singular of a collection's name, for messages and type names: `books` → `book`,
 * `categories` → `category`, `people` → `person`, `order-lines` → `order-line` (the last word).
 * A name that is no English plural comes back as it is.
 *
 * @example
 * singularOf('addresses') // 'address'
 */
export function singularOf(name: string): string {
  const [, head = '', last = ''] = /^(.*?)([A-Za-z]+)$/.exec(name) ?? [name, '', name]
  if (last === '') return name
  const irregular = IRREGULAR[last.toLowerCase()]
  if (irregular !== undefined) return head + matchCase(last, irregular)
  for (const [ending, replacement] of SINGULAR_ENDINGS) {
    if (ending.test(last)) return head + last.replace(ending, replacement)
  }
  return name
}

/** `word` in the case of `model` (all capitals, a capital first, or as it is). */
function matchCase(model: string, word: string): string {
  if (model === model.toUpperCase()) return word.toUpperCase()
  if (model[0] === model[0]?.toUpperCase()) return word[0]?.toUpperCase() + word.slice(1)
  return word
}

/** `a` or `an` before a noun (by its first letter). */
export const withArticle = (noun: string): string =>
  `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`

/**
 * What one record of a collection is called in messages, templates and type names: its
 * `singular`, else {@link singularOf} its name.
 *
 * @example
 * recordNoun('people', {}) // 'person'
 */
export const recordNoun = (name: string, definition: { readonly singular?: string }): string =>
  definition.singular ?? singularOf(name)

/**
 * The key of a nested collection's create template on its parent's items: its
 * `templates.createOnParent`, else `templates.create`, else `create` and its name (`createBooks`);
 * `undefined` when `createOnParent` is `false` (the parent's items offer none).
 *
 * @example
 * nestedCreateKey('books', {}) // 'createBooks'
 */
export const nestedCreateKey = (
  name: string,
  names: { readonly create?: string; readonly createOnParent?: string | false } = {},
): string | undefined =>
  names.createOnParent === false
    ? undefined
    : (names.createOnParent ??
      names.create ??
      `create${name.charAt(0).toUpperCase()}${name.slice(1)}`)
