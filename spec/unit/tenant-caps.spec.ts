/**
 * The tenant caps of `server/limits.ts` by version, as read from the server's
 * usecases/schema/tenant.go: status updates 100 from 1.26.0, creation 100 at 1.26.0 only, deletion
 * never.
 */
import { tenantsPerRequest } from '../../lib/server/limits'
import { ServerVersion, parseVersion } from '../../lib/server/version'

const v = (raw: string): ServerVersion => {
  const parsed = parseVersion(raw)
  if (parsed === undefined) throw new Error(raw)
  return parsed
}

describe('tenantsPerRequest', () => {
  it('caps a status update at 100 from 1.26.0 on, and not before', () => {
    expect(['1.25.10', '1.26.0', '1.26.1', '1.39.0'].map((raw) => tenantsPerRequest(v(raw), 'update'))).toEqual([undefined, 100, 100, 100])
  })

  it('caps creation at 100 on 1.26.0 only', () => {
    expect(['1.25.10', '1.26.0', '1.26.1', '1.39.0'].map((raw) => tenantsPerRequest(v(raw), 'create'))).toEqual([undefined, 100, undefined, undefined])
  })

  it('never caps deletion', () => {
    expect(['1.20.0', '1.26.0', '1.39.0'].map((raw) => tenantsPerRequest(v(raw), 'delete'))).toEqual([undefined, undefined, undefined])
  })
})
