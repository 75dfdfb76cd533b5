/**
 * JSON written piece by piece, for documents too large to hold at once (a member's data export, issue 24): arrays
 * come from async iterables read as the writer goes, and objects may hold such arrays, so that neither the rows nor
 * the text are ever all in memory. Everything else is written with JSON.stringify.
 */

const STREAMED_ARRAY = Symbol('streamed array')
const STREAMED_OBJECT = Symbol('streamed object')

export interface StreamedArray {
  [STREAMED_ARRAY]: AsyncIterable<unknown>
}
export interface StreamedObject {
  [STREAMED_OBJECT]: Iterable<readonly [string, unknown]>
}

/** An array whose items are read from `items` while it is written. */
export const streamedArray = (items: AsyncIterable<unknown>): StreamedArray => ({ [STREAMED_ARRAY]: items })

/** An object whose values may be streamed arrays or objects; its entries are written in the given order. */
export const streamedObject = (entries: Iterable<readonly [string, unknown]>): StreamedObject => ({ [STREAMED_OBJECT]: entries })

const isStreamedArray = (v: unknown): v is StreamedArray => typeof v === 'object' && v !== null && STREAMED_ARRAY in v
const isStreamedObject = (v: unknown): v is StreamedObject => typeof v === 'object' && v !== null && STREAMED_OBJECT in v

/**
 * The JSON text of `value` in pieces. Items of a streamed array are gathered into pieces of about `chunkChars`, so
 * that a million small rows do not become a million writes.
 */
export async function* jsonPieces(value: unknown, chunkChars = 16_384): AsyncGenerator<string> {
  let buffer = ''
  async function* write(v: unknown): AsyncGenerator<string> {
    if (isStreamedArray(v)) {
      buffer += '['
      let first = true
      for await (const item of v[STREAMED_ARRAY]) {
        if (!first) buffer += ','
        first = false
        yield* write(item)
        if (buffer.length >= chunkChars) {
          yield buffer
          buffer = ''
        }
      }
      buffer += ']'
    } else if (isStreamedObject(v)) {
      buffer += '{'
      let first = true
      for (const [key, inner] of v[STREAMED_OBJECT]) {
        if (inner === undefined) continue
        buffer += `${first ? '' : ','}${JSON.stringify(key)}:`
        first = false
        yield* write(inner)
      }
      buffer += '}'
    } else {
      buffer += JSON.stringify(v) ?? 'null'
    }
  }
  yield* write(value)
  if (buffer) yield buffer
}

/** A byte stream of the pieces, read as the receiver asks for more (backpressure: nothing runs ahead). */
export function jsonByteStream(value: unknown): ReadableStream<Uint8Array> {
  const pieces = jsonPieces(value)
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await pieces.return(undefined)
    },
  })
}

/** Rows read page by page along a unique, increasing key: one query per page, never all rows at once. */
export async function* keysetPages<T, K>(fetchPage: (after: K | null, limit: number) => Promise<T[]>, keyOf: (row: T) => K, pageSize = 500): AsyncGenerator<T> {
  let after: K | null = null
  for (;;) {
    const page = await fetchPage(after, pageSize)
    yield* page
    if (page.length < pageSize) return
    after = keyOf(page[page.length - 1])
  }
}
