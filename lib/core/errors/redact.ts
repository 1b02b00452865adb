/**
 * Credentials never reach an error: every URL an error keeps goes through {@link redactUrl} first.
 *
 * @packageDocumentation
 */

/**
 * Removes credentials from a URL before it is stored in an error: user info and an
 * `access_token` query parameter (the server accepts the key there too).
 */
export const redactUrl = (raw: string): string => {
  try {
    const url = new URL(raw)
    url.username = ''
    url.password = ''
    url.searchParams.delete('access_token')
    return url.toString()
  } catch {
    // Unparseable: strip user info and the token by pattern rather than keep them.
    return raw.replace(/\/\/[^/?#]*@/, '//').replace(/([?&]access_token=)[^&#]*/gi, '$1<redacted>')
  }
}
