import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { HostPolicy } from './hosts.js'

const FALLBACK = 'http://127.0.0.1:4010'

describe('HostPolicy', () => {
  it.each([
    'localhost:4010',
    'LOCALHOST',
    'app.localhost:5173',
    '127.0.0.1:4010',
    '127.1.2.3',
    '[::1]:4010',
  ])('answers the loopback Host %s, any port', (host) => {
    expect(new HostPolicy([], '127.0.0.1').originOf(host, FALLBACK)).toBe(
      `http://${host.toLowerCase()}`,
    )
  })

  it.each([
    'evil.example:4010',
    'localhost.evil.example',
    '127.0.0.1.evil.example',
    '127.1',
    'user@localhost',
    'localhost/x',
    '',
  ])('refuses the Host %j', (host) => {
    expect(new HostPolicy([], '127.0.0.1').originOf(host, FALLBACK)).toBeNull()
  })

  it('takes the fallback for a request without Host (HTTP/1.0)', () => {
    expect(new HostPolicy([], '127.0.0.1').originOf(undefined, FALLBACK)).toBe(FALLBACK)
  })

  it('answers the address it is bound to, and every interface address when bound to all', () => {
    expect(new HostPolicy([], '192.0.2.7').originOf('192.0.2.7:4010', FALLBACK)).toBe(
      'http://192.0.2.7:4010',
    )
    const all = new HostPolicy([], '0.0.0.0')
    expect(all.originOf('0.0.0.0:4010', FALLBACK)).toBe('http://0.0.0.0:4010')
    for (const info of Object.values(networkInterfaces()).flat()) {
      if (info?.family !== 'IPv4') continue
      expect(all.originOf(`${info.address}:4010`, FALLBACK)).toBe(`http://${info.address}:4010`)
    }
  })

  it('answers allowedHosts: names, subdomains for a leading dot, any for true', () => {
    const some = new HostPolicy(['Mock.Test', '.dev.test'], '127.0.0.1')
    expect(some.originOf('mock.test:80', FALLBACK)).toBe('http://mock.test')
    expect(some.originOf('a.b.dev.test', FALLBACK)).toBe('http://a.b.dev.test')
    expect(some.originOf('sub.mock.test', FALLBACK)).toBeNull()
    expect(some.originOf('evildev.test', FALLBACK)).toBeNull()
    expect(new HostPolicy(true, '127.0.0.1').originOf('any.example', FALLBACK)).toBe(
      'http://any.example',
    )
  })
})
