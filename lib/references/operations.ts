/**
 * The three reference operations on one request shape: add (POST one beacon, 200), replace (PUT an
 * array of beacons, 200) and delete (DELETE one beacon, 204). The path and the beacons are decided
 * separately: each uses the class form from 1.14 when its class is known.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { OperationContext, withVersion } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { routesFor } from '../server/routes'
import { ServerVersion } from '../server/version'
import { ReferenceArgs, ReferenceInput, ReplaceReferencesArgs, Target, replaceInput, singleInput } from './args'
type Kind = 'add' | 'replace' | 'delete'

const methods = { add: 'POST', replace: 'PUT', delete: 'DELETE' } as const
const successes = { add: 200, replace: 200, delete: 204 } as const

const send = (ctx: OperationContext, kind: Kind, input: ReferenceInput, version: ServerVersion) => {
  const routes = routesFor(version, ctx.deprecations)
  const path = routes.references(
    { className: input.fromClassName, uuid: input.fromUuid, property: input.fromPropertyName },
    input.targets.map((t) => t.className),
  )
  const beacons = input.targets.map((t: Target) => ({ beacon: routes.beacon(t.className, t.uuid) }))
  return ctx.http.run(
    {
      method: methods[kind],
      path,
      query: [
        ['consistency_level', input.consistencyLevel],
        ['tenant', input.tenant],
      ],
      body: kind === 'replace' ? beacons : beacons[0],
      expect: [successes[kind]],
      ...input.call,
    },
    (): E.Either<WeaviateError, void> => E.right(undefined),
  )
}

/**
 * Adds one reference from a property of an object to another object.
 */
export const add =
  (ctx: OperationContext) =>
  (args: ReferenceArgs): ObservableEither<WeaviateError, void> =>
    operation(
      () => singleInput('add', args),
      (input) => withVersion(ctx, input.call, (version) => send(ctx, 'add', input, version)),
    )

/**
 * Replaces all references of a property with the given targets, in order (`[]` clears it).
 */
export const replace =
  (ctx: OperationContext) =>
  (args: ReplaceReferencesArgs): ObservableEither<WeaviateError, void> =>
    operation(
      () => replaceInput(args),
      (input) => withVersion(ctx, input.call, (version) => send(ctx, 'replace', input, version)),
    )

/**
 * Deletes one reference (one direction of the edge); the property is `[]` after the last one.
 */
export const deleteReference =
  (ctx: OperationContext) =>
  (args: ReferenceArgs): ObservableEither<WeaviateError, void> =>
    operation(
      () => singleInput('delete', args),
      (input) => withVersion(ctx, input.call, (version) => send(ctx, 'delete', input, version)),
    )
