import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

/** A document made on request (a checklist PDF, an order's ZIP) rather than a stored upload. */
export interface GeneratedFile {
  data: Buffer | Uint8Array;
  mime: string;
  fileName: string;
}

/** Finds the stored file id of record `id` for one file type (e.g. `orders/oc_pdf`), or makes the file. */
export type FileResolver = (db: Db, id: number) => Promise<number | null | undefined | GeneratedFile>;

const registries = new WeakMap<FastifyInstance, Map<string, FileResolver>>();

/** Areas register their downloadable file types; who may read each is FILE_TYPE_ROLES. */
export function registerFileType(app: FastifyInstance, fileType: string, resolve: FileResolver) {
  const map = registries.get(app) ?? new Map<string, FileResolver>();
  registries.set(app, map);
  map.set(fileType, resolve);
}

export function fileResolver(app: FastifyInstance, fileType: string): FileResolver | undefined {
  return registries.get(app)?.get(fileType);
}
