import { key } from '../infer/schema.js'
import type { PageLink, PageMember, PagingModel } from '../model.js'
import { js, template } from './text.js'

export function pageMemberSource(member: PageMember, indent: string, curies: boolean): string {
  const name = key(member.name)
  switch (member.role) {
    case 'index':
    case 'size':
    case 'total':
    case 'totalPages':
      return `${name}: p.${member.role}`
    case 'count':
      return `${name}: p.items.length`
    case 'constant':
      return `${name}: ${js(member.value)}`
    case 'items': {
      // Items come as their own GET answers them, CURIEs included; HAL pages carry those once.
      const items = member.curies || !curies ? 'p.items' : 'p.items.map(withoutCuries)'
      return member.key === undefined
        ? `${name}: ${items}`
        : `${name}: { ${key(member.key)}: ${items} }`
    }
    case 'object':
      return `${name}: { ${member.members.map((m) => pageMemberSource(m, indent, curies)).join(', ')} }`
    case 'links': {
      const inner = `${indent}  `
      const lines = member.links.map((link: PageLink) => {
        if ('curies' in link) return `${inner}${key(link.rel)}: p.curies,`
        if ('page' in link) {
          // A templated page link (`?page=1&size=5{&sort}`): the page's URL and the API's template.
          const value =
            link.suffix === undefined
              ? `p.links.${link.page}`
              : `{ href: \`\${p.links.${link.page}${link.page === 'prev' || link.page === 'next' ? '?' : ''}.href${link.bare ? ".replace(/\\?.*$/, '')" : ''}}${template(link.suffix)}\`, templated: true }`
          return link.page === 'prev' || link.page === 'next'
            ? `${inner}...(p.links.${link.page} ? { ${key(link.rel)}: ${value} } : {}),`
            : `${inner}${key(link.rel)}: ${value},`
        }
        const href = link.href.startsWith('/')
          ? `\`\${origin(p)}${template(link.href)}\``
          : js(link.href)
        return `${inner}${key(link.rel)}: { href: ${href}${link.templated ? ', templated: true' : ''} },`
      })
      return `${name}: {\n${lines.join('\n')}\n${indent}}`
    }
  }
}

export function pagingSource(
  paging: PagingModel,
  indent: string,
  curies: boolean,
  extras: { linkTemplated?: false; self?: 'asked' } = {},
): string {
  const inner = `${indent}  `
  const body = paging.document
    .map((m) => `${inner}  ${pageMemberSource(m, `${inner}  `, curies)},`)
    .join('\n')
  return [
    `{`,
    `${inner}page: ${js(paging.page)},`,
    `${inner}size: ${js(paging.size)},`,
    `${inner}firstIndex: ${paging.firstIndex},`,
    `${inner}defaultSize: ${paging.defaultSize},`,
    ...(extras.linkTemplated === false ? [`${inner}linkTemplated: false,`] : []),
    ...(extras.self ? [`${inner}self: 'asked',`] : []),
    `${inner}render: (p) => ({\n${body}\n${inner}}),`,
    `${indent}}`,
  ].join('\n')
}
