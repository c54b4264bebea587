// A server shaped like Spring Data REST, built from the documented examples of its reference
// documentation (spring-projects/spring-data-rest, src/main/antora/modules/ROOT/pages/):
// - metadata.adoc: the root (`persons`, `addresses`, `profile`), `/profile`, the ALPS document of
//   `/profile/persons` (served by default and for `application/alps+json`) and its JSON Schema (for
//   `application/schema+json`);
// - paging-and-sorting.adoc: pages of 20 by default, `page` and `size` counted from 0, `self` and
//   `next`/`prev` as templates (`…?page=1&size=5{&sort}`), and the `page` member (`size`,
//   `totalElements`, `totalPages`, `number`);
// - representations.adoc: items without their id, linking `self`, themselves by the repository's
//   item rel (`person`), and their associations (`address`, at `/persons/{id}/address`).
// - repository-resources.adoc: writes on a repository its profile offers them on (`persons`): POST
//   answers 201 with Location, PUT and PATCH (merge patch or JSON Patch) 200 with the record, DELETE
//   204; the read-only `addresses` answer writes 405.
// It answers on whatever origin it is asked on (in process: a fetch function).

const HAL = 'application/hal+json'

interface Person {
  id: number
  firstName: string
  lastName: string
  addressId: number
}
interface Address {
  id: number
  street: string
  city: string
}

/** The fake's data: 30 persons (two pages of 20), 6 addresses. */
export function springDataRestData() {
  const cities = ['Shire', 'Bree', 'Rivendell']
  const addresses: Address[] = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1,
    street: `${i + 1} Bagshot Row`,
    city: cities[i % cities.length] ?? 'Shire',
  }))
  const persons: Person[] = Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    firstName: ['Frodo', 'Bilbo', 'Sam', 'Merry', 'Pippin'][i % 5] ?? 'Frodo',
    lastName: `Baggins ${i + 1}`,
    addressId: (i % 6) + 1,
  }))
  return { persons, addresses }
}

/** A fetch function answering as a Spring Data REST application would. */
export function springDataRestServer(data = springDataRestData()) {
  const json = (body: unknown, type = HAL, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': type } })
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const o = url.origin
    const accept = request.headers.get('accept') ?? ''
    const path = url.pathname.replace(/\/$/, '') || '/'
    const person = (p: Person) => ({
      firstName: p.firstName,
      lastName: p.lastName,
      _links: {
        self: { href: `${o}/persons/${p.id}` },
        person: { href: `${o}/persons/${p.id}` },
        address: { href: `${o}/persons/${p.id}/address` },
      },
    })
    const address = (a: Address) => ({
      street: a.street,
      city: a.city,
      _links: {
        self: { href: `${o}/addresses/${a.id}` },
        address: { href: `${o}/addresses/${a.id}` },
      },
    })
    const page = <T>(name: string, rows: T[], render: (row: T) => object) => {
      const size = Number(url.searchParams.get('size') ?? 20)
      const number = Number(url.searchParams.get('page') ?? 0)
      const totalPages = Math.ceil(rows.length / size)
      const links: Record<string, object> = {
        self: { href: `${o}/${name}{&sort,page,size}`, templated: true },
      }
      if (number + 1 < totalPages) {
        links.next = {
          href: `${o}/${name}?page=${number + 1}&size=${size}{&sort}`,
          templated: true,
        }
      }
      if (number > 0) {
        links.prev = {
          href: `${o}/${name}?page=${number - 1}&size=${size}{&sort}`,
          templated: true,
        }
      }
      links.profile = { href: `${o}/profile/${name}` }
      return json({
        _links: links,
        _embedded: { [name]: rows.slice(number * size, (number + 1) * size).map(render) },
        page: { size, totalElements: rows.length, totalPages, number },
      })
    }
    if (path === '/') {
      return json({
        _links: {
          persons: { href: `${o}/persons` },
          addresses: { href: `${o}/addresses` },
          profile: { href: `${o}/profile` },
        },
      })
    }
    if (path === '/profile') {
      return json({
        _links: {
          self: { href: `${o}/profile` },
          persons: { href: `${o}/profile/persons` },
          addresses: { href: `${o}/profile/addresses` },
        },
      })
    }
    if (path === '/profile/persons') {
      if (accept.includes('application/schema+json')) {
        return json(
          {
            title: 'org.springframework.data.rest.webmvc.jpa.Person',
            properties: {
              firstName: { readOnly: false, type: 'string' },
              lastName: { readOnly: false, type: 'string' },
              address: { readOnly: false, type: 'string', format: 'uri' },
            },
            descriptors: {},
            type: 'object',
            $schema: 'https://json-schema.org/draft-04/schema#',
          },
          'application/schema+json',
        )
      }
      const semantic = (name: string) => ({ name, type: 'SEMANTIC' })
      return json(
        {
          version: '1.0',
          descriptors: [
            {
              id: 'person-representation',
              descriptors: [
                semantic('firstName'),
                semantic('lastName'),
                semantic('id'),
                { name: 'address', type: 'SAFE', rt: `${o}/profile/addresses#address` },
              ],
            },
            { id: 'create-persons', name: 'persons', type: 'UNSAFE', rt: '#person-representation' },
            { id: 'get-persons', name: 'persons', type: 'SAFE', rt: '#person-representation' },
            {
              id: 'delete-person',
              name: 'person',
              type: 'IDEMPOTENT',
              rt: '#person-representation',
            },
            { id: 'patch-person', name: 'person', type: 'UNSAFE', rt: '#person-representation' },
            {
              id: 'update-person',
              name: 'person',
              type: 'IDEMPOTENT',
              rt: '#person-representation',
            },
            { id: 'get-person', name: 'person', type: 'SAFE', rt: '#person-representation' },
          ],
        },
        'application/alps+json',
      )
    }
    if (path === '/profile/addresses') {
      // A read-only repository: its profile offers reads only.
      return json(
        {
          version: '1.0',
          descriptors: [
            { id: 'address-representation', descriptors: [{ name: 'street', type: 'SEMANTIC' }] },
            { id: 'get-addresses', name: 'addresses', type: 'SAFE', rt: '#address-representation' },
            { id: 'get-address', name: 'address', type: 'SAFE', rt: '#address-representation' },
          ],
        },
        'application/alps+json',
      )
    }
    const write = await writeOf(request, path, data, (p) => json(person(p), HAL, 201))
    if (write) return write
    if (path === '/persons') return page('persons', data.persons, person)
    if (path === '/addresses') return page('addresses', data.addresses, address)
    const [, kind, id, association] = path.match(/^\/(persons|addresses)\/(\d+)(\/address)?$/) ?? []
    const found =
      kind === 'persons'
        ? data.persons.find((p) => p.id === Number(id))
        : data.addresses.find((a) => a.id === Number(id))
    if (!found) return json({ error: 'Not Found' }, 'application/json', 404)
    if (association && 'addressId' in found) {
      const linked = data.addresses.find((a) => a.id === found.addressId)
      return linked ? json(address(linked)) : json({}, 'application/json', 404)
    }
    return json('addressId' in found ? person(found) : address(found as Address))
  }
}

type PersonBody = Partial<Pick<Person, 'firstName' | 'lastName'>>

/** A POST, PUT, PATCH or DELETE as Spring Data REST answers it; undefined for a read. */
async function writeOf(
  request: Request,
  path: string,
  data: ReturnType<typeof springDataRestData>,
  answer: (p: Person) => Response,
): Promise<Response | undefined> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined
  const empty = (status: number, headers: Record<string, string> = {}) =>
    new Response(null, { status, headers })
  if (path.startsWith('/addresses')) {
    return empty(request.method === 'OPTIONS' ? 200 : 405, { allow: 'GET, HEAD, OPTIONS' })
  }
  // Spring Data REST answers OPTIONS with the methods a resource takes, and no body.
  if (request.method === 'OPTIONS') {
    const methods = path === '/persons' ? 'GET, HEAD, POST' : 'GET, HEAD, PUT, PATCH, DELETE'
    return empty(200, { allow: `${methods}, OPTIONS` })
  }
  const body = request.method === 'DELETE' ? undefined : ((await request.json()) as unknown)
  const members = (value: unknown): PersonBody => {
    const { firstName, lastName } = (value ?? {}) as PersonBody
    return {
      ...(typeof firstName === 'string' ? { firstName } : {}),
      ...(typeof lastName === 'string' ? { lastName } : {}),
    }
  }
  if (path === '/persons' && request.method === 'POST') {
    const id = Math.max(0, ...data.persons.map((p) => p.id)) + 1
    const created = { id, firstName: '', lastName: '', addressId: 1, ...members(body) }
    data.persons.push(created)
    const response = answer(created)
    response.headers.set('location', `${new URL(request.url).origin}/persons/${id}`)
    return response
  }
  const id = Number(/^\/persons\/(\d+)$/.exec(path)?.[1])
  const index = data.persons.findIndex((p) => p.id === id)
  const found = data.persons[index]
  if (!found) return empty(path === '/persons' ? 405 : 404)
  if (request.method === 'DELETE') {
    data.persons.splice(index, 1)
    return empty(204)
  }
  const type = request.headers.get('content-type') ?? ''
  let changes: PersonBody = members(body)
  if (request.method === 'PATCH' && type.includes('json-patch')) {
    changes = {}
    for (const op of body as { op: string; path: string; value: unknown }[])
      if (op.op === 'replace') Object.assign(changes, members({ [op.path.slice(1)]: op.value }))
  }
  const changed =
    request.method === 'PUT'
      ? { ...found, firstName: '', lastName: '', ...changes }
      : { ...found, ...changes }
  data.persons[index] = changed
  return new Response(answer(changed).body, {
    status: 200,
    headers: { 'content-type': 'application/hal+json' },
  })
}
