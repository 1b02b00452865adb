/**
 * `backup.list`: `GET /v1/backups/<backend>`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { BackupListCodec } from '../codecs/backup'
import { decode } from '../codecs/decode'
import { OperationContext } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { backupPath } from '../server/routes'
import { BackupListArgs, BackupListEntry, checkList } from './args'

/** The backups of a backend. */
export const listBackups =
  (ctx: OperationContext) =>
  (args: BackupListArgs): ObservableEither<WeaviateError, readonly BackupListEntry[]> =>
    operation(
      () => checkList(args),
      (input) =>
        whenSupported(ctx, ['backupList'], input.call, { method: 'GET', path: backupPath(input.backend), expect: [200] }, (res) =>
          E.map((list: typeof BackupListCodec._A): readonly BackupListEntry[] =>
            list.map((b) => ({
              backupId: b.id,
              ...(b.status === undefined ? {} : { status: b.status }),
              ...(b.classes === undefined ? {} : { classes: b.classes }),
              ...(b.startedAt === undefined ? {} : { startedAt: b.startedAt }),
              ...(b.completedAt === undefined ? {} : { completedAt: b.completedAt }),
              ...(b.size === undefined ? {} : { size: b.size }),
            })),
          )(decode(BackupListCodec, res.body, res)),
        ),
    )
