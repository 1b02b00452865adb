/**
 * The results of one gRPC stream page, each decoded from its bytes when first read. A page's
 * reply arrives with its results undecoded (`METHODS.searchPages`), so the stream reads only the
 * last result (the next cursor) before asking for the next page, and decodes the others while the
 * server works on it.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { DecodeError } from '../../core/errors'
import { SearchResult } from '../../proto/static/replies/weaviate/v1/search'
import { idOf } from '../../query/grpc/search-result'

/**
 * A page's results, decoded once each, on demand.
 */
export class PageResults {
  private readonly decoded: Array<E.Either<DecodeError, SearchResult> | undefined>

  constructor(
    private readonly encoded: readonly Uint8Array[],
    private readonly url: string,
  ) {
    this.decoded = new Array<E.Either<DecodeError, SearchResult> | undefined>(encoded.length)
  }

  get length(): number {
    return this.encoded.length
  }

  /** Result `i`, decoded on first use; malformed bytes are a `DecodeError`. */
  decode(i: number): E.Either<DecodeError, SearchResult> {
    let result = this.decoded[i]
    if (result === undefined) {
      result = decodeResult(this.encoded[i] ?? EMPTY, i, this.url)
      this.decoded[i] = result
    }
    return result
  }

  /** The id of result `i` (`''` when it does not decode: its page's objects say why). */
  id(i: number): string {
    const result = this.decode(i)
    return E.isLeft(result) || result.right.metadata === undefined ? '' : idOf(result.right.metadata)
  }
}

const EMPTY = new Uint8Array(0)

const decodeResult = (bytes: Uint8Array, i: number, url: string): E.Either<DecodeError, SearchResult> => {
  try {
    return E.right(SearchResult.decode(bytes))
  } catch (e) {
    return E.left(new DecodeError({ method: 'POST', url, report: [`results[${i}]: ${e instanceof Error ? e.message : String(e)}`] }))
  }
}
