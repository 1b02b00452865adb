/**
 * The package's version, written from package.json by scripts/client-version.mjs (`npm run build`,
 * `npm version`); never edited by hand.
 *
 * @packageDocumentation
 */

/** This package's version, as package.json gives it. */
export const CLIENT_VERSION = '0.2.0'
