import { FILE_TYPES, type FileType } from '@bpm/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { AuthUser } from './auth';

/** A document made on request (a checklist PDF, an order's ZIP) rather than a stored upload. */
export interface GeneratedFile {
  data: Buffer | Uint8Array;
  mime: string;
  fileName: string;
}

/**
 * Finds the stored file id of record `id` for one file type (e.g. `orders/oc_pdf`), or makes the
 * file; `user` lets a resolver check record-level access (task attachments: project membership).
 */
export type FileResolver = (db: Db, id: number, user?: AuthUser) => Promise<number | null | undefined | GeneratedFile>;

const registries = new WeakMap<FastifyInstance, Map<string, FileResolver>>();

/**
 * Areas register their downloadable file types; who may read each is the contract's
 * FILE_TYPE_ROLES (`can(role, 'files.<type>')`).
 */
export function registerFileType(app: FastifyInstance, fileType: FileType, resolve: FileResolver) {
  const map = registries.get(app) ?? new Map<string, FileResolver>();
  registries.set(app, map);
  map.set(fileType, resolve);
}

export function fileResolver(app: FastifyInstance, fileType: string): FileResolver | undefined {
  return registries.get(app)?.get(fileType);
}

/**
 * Start-up check: every registered file type has a permission rule and every rule a registered
 * type (`known` defaults to the contract's table). Throws naming the differences.
 */
export function checkFileTypes(app: FastifyInstance, known: readonly string[] = FILE_TYPES) {
  const registered = [...(registries.get(app)?.keys() ?? [])];
  const unruled = registered.filter((t) => !known.includes(t));
  const unregistered = known.filter((t) => !registered.includes(t));
  const problems = [
    ...(unruled.length ? [`registered without a permission rule: ${unruled.join(', ')}`] : []),
    ...(unregistered.length ? [`with a permission rule but not registered: ${unregistered.join(', ')}`] : []),
  ];
  if (problems.length) throw new Error(`File types ${problems.join('; ')}`);
}
