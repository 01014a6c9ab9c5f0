/**
 * A file read in pieces for the scanner (json-subset.ts's `JsonChunks`), so that a `.claude.json`
 * of hundreds of megabytes is never held whole: two buffers of one piece each, the next piece read
 * into one while the scanner works on the other. The end of a window the scanner still needs (an
 * unfinished token) is copied into the room left before the next piece; a longer one (a value kept
 * whole, a string longer than that room) gets a buffer of its own, grown by at least its own
 * length each time, so that however long a token is, its bytes are scanned and copied only a
 * bounded number of times over.
 */
import type { FileHandle } from 'node:fs/promises';
import type { WaitWithin } from '../deadline';
import type { JsonChunks } from './json-subset';

/** How much is read at once. */
export const PIECE_BYTES = 1024 * 1024;
/** Room before each piece for what the scanner keeps of the last window. */
const KEPT_ROOM_BYTES = 64 * 1024;
/** The smallest piece, for a file said to be empty or tiny (`/proc` files say 0). */
const MIN_PIECE_BYTES = 4 * 1024;

export interface FilePiecesOptions {
  /** The size the file was said to have: a smaller file is read in one piece of its size. */
  statedSize: number;
  /** A file that turns out longer than this is refused with `overLimit()`. */
  maxBytes: number;
  overLimit: () => Error;
  /** Every wait on the file goes through it (the read's time limit). */
  waitWithin: WaitWithin;
}

export class FilePieces implements JsonChunks {
  /** Allocated when first read into, of the room and a piece. */
  private readonly buffers: [Buffer | undefined, Buffer | undefined] = [undefined, undefined];
  /** One more than the stated size finds the end in the first piece; settings files are small. */
  private readonly pieceBytes: number;
  private readonly roomBytes: number;
  /** The read of the next piece into `buffers[index]`, after the room. */
  private ahead: { index: 0 | 1; read: Promise<number> } | undefined;
  /** How much of the file has been read. */
  private length = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly options: FilePiecesOptions,
  ) {
    this.pieceBytes = Math.min(Math.max(options.statedSize + 1, MIN_PIECE_BYTES), PIECE_BYTES);
    this.roomBytes = Math.min(KEPT_ROOM_BYTES, this.pieceBytes);
  }

  async next(kept: Buffer): Promise<Buffer | undefined> {
    const { index, read } = this.ahead ?? this.readAhead(0);
    const bytesRead = await this.options.waitWithin(read);
    this.ahead = undefined;
    this.counted(bytesRead);
    if (bytesRead === 0) return undefined;
    const piece = this.buffer(index);
    const room = this.roomBytes;
    const other = index === 0 ? 1 : 0;
    if (kept.length <= room) {
      const start = room - kept.length;
      kept.copy(piece, start);
      // `kept` was in the other buffer, or in a buffer of its own: the other one is free now.
      this.readAhead(other);
      return piece.subarray(start, room + bytesRead);
    }
    const joined = Buffer.allocUnsafe(kept.length + Math.max(kept.length, this.pieceBytes));
    kept.copy(joined);
    let filled = kept.length + piece.copy(joined, kept.length, room, room + bytesRead);
    while (filled < joined.length) {
      const more = await this.readInto(joined, filled, joined.length - filled);
      if (more === 0) break;
      filled += more;
    }
    this.readAhead(other);
    return joined.subarray(0, filled);
  }

  /** `length` bytes from `position` (fewer at the end), read again for an error's line and column. */
  async readAt(position: number, length: number): Promise<Buffer> {
    const bytes = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await this.options.waitWithin(
        this.handle.read(bytes, filled, length - filled, position + filled),
      );
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return bytes.subarray(0, filled);
  }

  private readAhead(index: 0 | 1): { index: 0 | 1; read: Promise<number> } {
    const read = this.handle
      .read(this.buffer(index), this.roomBytes, this.pieceBytes, this.length)
      .then(({ bytesRead }) => bytesRead);
    // Its failure is seen by the `next` that waits for it; none may come if the scan failed first.
    read.catch(() => undefined);
    this.ahead = { index, read };
    return this.ahead;
  }

  private buffer(index: 0 | 1): Buffer {
    return (this.buffers[index] ??= Buffer.allocUnsafe(this.roomBytes + this.pieceBytes));
  }

  private async readInto(bytes: Buffer, offset: number, length: number): Promise<number> {
    const { bytesRead } = await this.options.waitWithin(this.handle.read(bytes, offset, length, this.length));
    this.counted(bytesRead);
    return bytesRead;
  }

  private counted(bytesRead: number): void {
    this.length += bytesRead;
    if (this.length > this.options.maxBytes) throw this.options.overLimit();
  }
}
