import { describeApp } from './scenarios.js'
import { serviceWorker } from './targets.js'

describeApp(serviceWorker)
