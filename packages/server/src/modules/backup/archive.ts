// The backup archive on disk: a gzip-compressed tar (no size or entry-count limit), written and read as a
// stream, one entry at a time (memory: one entry, a chunk of rows or one uploaded file).
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BACKUP_MSG } from '@bpm/contract/backup';
import tar from 'tar-stream';

export interface ArchiveWriter {
  /** Appends one entry; resolves once it has been taken (backpressure: the file write keeps up). */
  add(name: string, data: Buffer): Promise<void>;
  /** Ends the archive and waits until the file is complete on disk. */
  finish(): Promise<void>;
  /** Stops writing (the caller removes the partial file). */
  abort(err: Error): Promise<void>;
}

export function writeArchive(path: string): ArchiveWriter {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip({ level: 6 }), createWriteStream(path, { mode: 0o600 }));
  // A failure is reported by finish() or abort(); never unhandled in between.
  done.catch(() => {});
  // Fixed entry times: the archive's date is the manifest's.
  const mtime = new Date(0);
  return {
    add: (name, data) =>
      new Promise<void>((resolve, reject) => {
        pack.entry({ name, size: data.length, mtime, mode: 0o600 }, data, (err) => (err ? reject(err) : resolve()));
      }),
    async finish() {
      pack.finalize();
      await done;
    },
    async abort(err) {
      pack.destroy(err);
      await done.catch(() => {});
    },
  };
}

/** The entries of an archive in order, each read whole; a file that is not a gzip'd tar is "not a backup". */
export async function* readArchive(path: string): AsyncGenerator<{ name: string; data: Buffer }> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(path), createGunzip(), extract);
  let failed: unknown;
  feeding.catch((err) => {
    failed = err;
    extract.destroy(err);
  });
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      yield { name: entry.header.name, data: Buffer.concat(chunks) };
    }
  } catch (err) {
    throw new Error(BACKUP_MSG.notABackup, { cause: failed ?? err });
  } finally {
    extract.destroy();
  }
  if (failed) throw new Error(BACKUP_MSG.notABackup, { cause: failed });
}
