/**
 * `objects.validate`: `POST /v1/objects/validate`. 200 means valid; 422 is an invalid object,
 * reported as a Right with `valid: false`. The server requires an id, so one is generated when
 * none is given (nothing is stored either way).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { v4 as uuidv4 } from 'uuid'
import { CallOptions, OperationContext, callOptions } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { errorMessages } from '../transport/http/classify'
import { argsOf, optional } from '../input/check'
import { uuid } from '../input/uuid'
import { ObservableEither, flatMap } from '../core/observable-either'
import { ValidateArgs, WriteFields, writeFields, OBJECT_KEYS } from './args'
import { loadProperties } from './load-properties'
import { whenVectorsWritable } from './vector-writes'

/** Checked input of validate: a write's fields but its consistency level and tenant. */
interface ValidateInput extends Omit<WriteFields, 'consistencyLevel' | 'tenant'> {
  readonly uuid: string | undefined
  readonly call: CallOptions
}

/**
 * The outcome of a validation.
 *
 * @example
 * ```ts
 * const r: ValidationResult = { valid: false, error: [{ message: "invalid object: no such prop with name 'x'" }] }
 * ```
 */
export interface ValidationResult {
  readonly valid: boolean
  readonly error: ReadonlyArray<{ readonly message: string }> | null
}

/**
 * Validates an object against its class without storing it.
 */
export const validate =
  (ctx: OperationContext) =>
  (args: ValidateArgs): ObservableEither<WeaviateError, ValidationResult> =>
    operation(
      (): ValidateInput => {
        const a = argsOf(OBJECT_KEYS.validate, args)
        const { consistencyLevel: _c, tenant: _t, ...fields } = writeFields(a)
        return { ...fields, uuid: optional(uuid, 'uuid', a['uuid']), call: callOptions(a) }
      },
      (input) =>
        loadProperties(ctx.http.fetchUrl, ctx.readTextFile, input.source).pipe(
          flatMap((properties) =>
            whenVectorsWritable(ctx, input.call, input.vectors, () =>
              ctx.http.run(
                {
                  method: 'POST',
                  path: '/objects/validate',
                  body: {
                    class: input.className,
                    properties,
                    id: input.uuid ?? uuidv4(),
                    ...(input.vector === undefined ? {} : { vector: input.vector }),
                    ...(input.vectors === undefined ? {} : { vectors: input.vectors }),
                  },
                  expect: [200, 422],
                  // Validation stores nothing, so repeating it is safe.
                  idempotent: true,
                  ...input.call,
                },
                (res): E.Either<WeaviateError, ValidationResult> =>
                  res.status === 200
                    ? E.right({ valid: true, error: null })
                    : E.right({ valid: false, error: errorMessages(res.body).map((message) => ({ message })) }),
              ),
            ),
          ),
        ),
    )
