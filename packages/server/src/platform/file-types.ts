import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { AuthUser } from './auth';

/**
 * Finds the stored file id of record `id` for one file type (e.g. `orders/oc_pdf`); `user` lets a
 * resolver check record-level access (task attachments: project membership).
 */
export type FileResolver = (db: Db, id: number, user?: AuthUser) => Promise<number | null | undefined>;

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
