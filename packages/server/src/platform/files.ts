import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { MSG } from '@bpm/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { files } from '../db/schema/platform';
import type { AuthUser } from './auth';
import type { Deps } from './deps';
import { notFound, tooLarge, unsupported } from './errors';
import { isWellFormed } from './file-check';
import type { UploadedFile } from './route';

/** Where file bytes live. The disk store keeps them by content hash outside the web root. */
export interface FileStore {
  put(data: Buffer): Promise<string>;
  get(sha256: string): Promise<Buffer>;
  /** Streams the bytes (downloads of large attachments need not sit in memory). */
  stream?(sha256: string): Readable;
}

export function diskFileStore(root: string): FileStore {
  const pathOf = (sha: string) => join(root, sha.slice(0, 2), sha.slice(2, 4), sha);
  return {
    async put(data) {
      const sha = createHash('sha256').update(data).digest('hex');
      const target = pathOf(sha);
      await mkdir(join(root, sha.slice(0, 2), sha.slice(2, 4)), { recursive: true });
      // Write then rename so a crash never leaves a half file under the final name.
      const tmp = `${target}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, target);
      return sha;
    },
    get: (sha) => readFile(pathOf(sha)),
    stream: (sha) => createReadStream(pathOf(sha)),
  };
}

export type FileKind = 'pdf' | 'image' | 'any';

/** The MIME type a file's first bytes announce, or null when it is none of the kinds BPM accepts. */
export function sniff(data: Buffer): string | null {
  const head = data.subarray(0, 16);
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const ascii = head.toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  // PDF readers accept the header anywhere in the first 1024 bytes.
  if (data.subarray(0, 1024).includes('%PDF-')) return 'application/pdf';
  return null;
}

/** Checks an upload by content and size, stores its bytes and returns the new file's id. */
export async function storeUpload(
  db: Db,
  store: FileStore,
  upload: UploadedFile,
  kind: FileKind,
  opts: { maxBytes: number; userId: number | null; nowSec: number },
): Promise<{ id: number; fileName: string }> {
  if (upload.data.length > opts.maxBytes) throw tooLarge();
  const sniffed = sniff(upload.data);
  // Magic bytes alone admit polyglots: the file must also be well formed as what it claims to be.
  const detected = sniffed && isWellFormed(sniffed, upload.data) ? sniffed : null;
  if (kind === 'pdf' && detected !== 'application/pdf') throw unsupported(MSG.pdfOnly);
  if (kind === 'image' && !detected?.startsWith('image/')) throw unsupported(MSG.imageOnly);
  const mime = detected ?? 'application/octet-stream';
  const sha = await store.put(upload.data);
  const fileName = safeFileName(upload.fileName || 'file');
  const [row] = await db
    .insert(files)
    .values({ sha256: sha, size: upload.data.length, mime, fileName, createdAt: opts.nowSec, createdBy: opts.userId })
    .returning({ id: files.id });
  return { id: row!.id, fileName };
}

/** The files of a multipart request, with what storing them needs: a service stores them in its save. */
export interface Uploads {
  files: UploadedFile[];
  deps: Deps;
  user: AuthUser;
}

/** Checks and stores the file sent in form field `field`, if one was sent, with the caller as its creator. */
export async function storeFieldUpload(
  db: Db,
  ctx: Uploads,
  field: string,
  kind: FileKind,
  now: number,
): Promise<{ id: number; fileName: string } | undefined> {
  const upload = ctx.files.find((f) => f.field === field);
  if (!upload) return undefined;
  return storeUpload(db, ctx.deps.files, upload, kind, {
    maxBytes: ctx.deps.config.maxUpload,
    userId: ctx.user.user_id,
    nowSec: now,
  });
}

/** Strips path parts and control characters from a client-given name. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.slice(0, 200) || 'file';
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), so no header injection. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  // RFC 5987 attr-char excludes ' ( ) *, which encodeURIComponent leaves as they are.
  const utf8 = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** Sends a stored file as a download. */
export async function sendFile(reply: FastifyReply, db: Db, store: FileStore, fileId: number | null | undefined) {
  if (!fileId) throw notFound();
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  if (!row) throw notFound();
  if (store.stream) {
    setDownloadHeaders(reply, row.mime, row.fileName).header('content-length', row.size);
    return reply.send(store.stream(row.sha256));
  }
  const data = await store.get(row.sha256);
  return sendBytes(reply, data, row.mime, row.fileName);
}

function setDownloadHeaders(reply: FastifyReply, mime: string, fileName: string) {
  return reply
    .header('content-type', mime)
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('access-control-expose-headers', 'Content-Disposition');
}

export function sendBytes(reply: FastifyReply, data: Buffer | Uint8Array, mime: string, fileName: string) {
  setDownloadHeaders(reply, mime, fileName);
  return reply.send(Buffer.from(data));
}
