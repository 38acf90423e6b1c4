import type { ImportKind, ImportPreview, ImportResult } from '@bpm/contract/imports';
import { api } from './client';

/** POST /imports/preview: what importing the file would do; nothing is written. */
export const previewImport = (kind: ImportKind, file: File) =>
  api.upload<ImportPreview>('/imports/preview', { kind, file }, { toast: false });

/** POST /imports/commit: the previewed file again, with its preview's token. */
export const commitImport = (kind: ImportKind, file: File, token: string) =>
  api.upload<ImportResult>('/imports/commit', { kind, file, token }, { toast: false });
