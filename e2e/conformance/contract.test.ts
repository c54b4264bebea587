import { inject } from 'vitest'
import { describeContract } from '../../mock/test/contract/suite.js'
import { contractTarget } from './target.js'

// The mock's HTTP contract as a conformance suite: every case over real HTTP against the server
// found by the global setup (E2E_BASE_URL, or the mock's CLI started for this run).
describeContract(() => contractTarget(inject('server')))
