// `@halyard/mock/verify`: check a running server against an API definition, by its links.
export { verifyApi } from './engine.js'
export { cleanupLeftovers, writeLeftovers } from './leftovers.js'
export { formatReport, formatSummary, junitReport } from './report.js'
export { ruleCatalogue, type VerifyRuleEntry, type VerifySkip } from './rules.js'
export { type VerifySuite, verifyTests } from './suite.js'
export {
  VERIFY_RULES,
  type VerifyCheck,
  type VerifyFinding,
  type VerifyOptions,
  type VerifyProgress,
  type VerifyReport,
  type VerifyRule,
  type VerifyRuleResult,
} from './types.js'
