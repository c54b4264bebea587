import { inject } from 'vitest'
import { describeSdk } from '../../sdk/test/suite/suite.js'
import { sdkTarget } from './target.js'

// The SDK suite against the same server: what a client built on @halyard/sdk relies on.
describeSdk(() => sdkTarget(inject('server')))
