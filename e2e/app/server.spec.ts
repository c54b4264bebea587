import { describeApp } from './scenarios.js'
import { realServer } from './targets.js'

describeApp(realServer)
