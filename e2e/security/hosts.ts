/** The name of a site on another origin; Chromium resolves it to 127.0.0.1 (see playwright.config.ts). */
export const ATTACKER_HOST = 'attacker.example'
/** A foreign name whose DNS an attacker rebound to the mock's address. */
export const REBOUND_HOST = 'evil.example'

/**
 * Chromium's flag mapping both names to 127.0.0.1, as rebound DNS would, with no DNS server.
 *
 * @example
 * launchOptions: { args: [...args, HOST_RESOLVER_RULES] }
 */
export const HOST_RESOLVER_RULES = `--host-resolver-rules=MAP ${ATTACKER_HOST} 127.0.0.1, MAP ${REBOUND_HOST} 127.0.0.1`
