/** What an element helper accepts as an attribute: `on…` keys are event listeners. */
type AttributeValue = string | number | boolean | undefined | ((event: Event) => void)
export type Attributes = Record<string, AttributeValue>
export type Child = Node | string | false | null | undefined

/**
 * Creates an element. Text children become text nodes, never HTML, so titles typed by anyone are
 * shown as they are. `true` sets an empty attribute, `false` and `undefined` leave it out.
 *
 * @example
 * h('a', { href: '#/articles/7' }, article.title)
 * h('button', { type: 'button', disabled: !next, onclick: () => go(next) }, 'Next page')
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value)
    else if (value === true) element.setAttribute(name, '')
    else if (value !== false && value !== undefined) element.setAttribute(name, String(value))
  }
  element.append(...children.filter((child): child is Node | string => Boolean(child)))
  return element
}

/** Element ids unique in the page, for `aria-describedby` and label `for`. */
let lastId = 0
export const uniqueId = (prefix: string): string => `${prefix}-${++lastId}`
