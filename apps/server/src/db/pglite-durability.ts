import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's durability (decision 024).
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and its file system for a data directory
 * (Emscripten's NODEFS) has no fsync at all: PostgreSQL's fsync and fdatasync calls return at
 * once. Each commit still writes its WAL to the operating system before it returns (synchronous
 * commit stays on), so a killed process loses nothing it acknowledged; a power cut or a kernel
 * crash can, since nothing ever asks the disk to keep what sits in the page cache, and a
 * checkpoint may remove WAL whose data pages never reached the disk.
 *
 * Durable mode restores what a PostgreSQL server does: fsync on, WAL flushed with fsync() (NODEFS
 * ignores fdatasync but routes fsync to the stream), and NODEFS's streams given a real fsync.
 */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
}

export interface FsyncCounter {
  /** fsync calls that reached the disk since the database opened (tests read it). */
  readonly calls: number;
}

/** Emscripten's stream: NODEFS keeps the real file descriptor in `nfd`. */
interface NodeFsStream {
  nfd?: number;
}

const WASI_EBADF = 8;
const WASI_EINVAL = 28;
const WASI_EIO = 29;

interface EmscriptenFs {
  lookupPath(path: string): { node: { stream_ops?: Record<string, unknown> } };
}

/**
 * Gives the data directory's file system a real fsync. The stream operations object is shared by
 * every file NODEFS opens, so one assignment covers the WAL, the data files and their directories.
 * Throws when PGlite's internals no longer look as expected, so an upgrade cannot silently turn
 * durability off.
 */
export function installRealFsync(client: PGlite): FsyncCounter {
  const module = client.Module as unknown as { FS?: EmscriptenFs; ENV?: Record<string, string> };
  const dataPath = module.ENV?.PGDATA;
  const streamOps = dataPath ? module.FS?.lookupPath(dataPath).node.stream_ops : undefined;
  if (!streamOps || typeof streamOps.write !== 'function') {
    throw new Error('cannot make the embedded database durable: PGlite no longer exposes its data directory file system');
  }
  const counter = { calls: 0 };
  streamOps.fsync = (stream: NodeFsStream): number => {
    if (stream.nfd === undefined) return 0;
    try {
      fs.fsyncSync(stream.nfd);
    } catch (error) {
      // Answered to PostgreSQL as a failed fsync (WASI error numbers), which it handles as a
      // server would: it ignores EINVAL on a directory and stops rather than go on after EIO.
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'EINVAL' ? WASI_EINVAL : code === 'EBADF' ? WASI_EBADF : WASI_EIO;
    }
    counter.calls += 1;
    return 0;
  };
  return counter;
}
