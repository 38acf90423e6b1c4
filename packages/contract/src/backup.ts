import { z } from 'zod';

/** What a backup archive calls itself in its manifest, and the layout's version (server modules/backup/). */
export const BACKUP_FORMAT = 'bpm-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** The schema of a database: its last applied migration (the migrations journal's index, tag and time). */
export const schemaVersion = z.object({
  index: z.number().int(),
  tag: z.string(),
  /** The migration's journal time (ms): later migrations have later times. */
  when: z.number(),
});
export type SchemaVersion = z.infer<typeof schemaVersion>;

/** `manifest.json`, the archive's first entry: what the backup holds, read before anything is restored. */
export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.number().int(),
  app_version: z.string(),
  schema: schemaVersion,
  /** ISO date and time (UTC) the backup was taken. */
  created_at: z.string(),
  /** The database it was taken from ('pglite' embedded, or 'postgres'). */
  database: z.enum(['pglite', 'postgres']),
  /** Every table in restore (dependency) order with its row count. */
  tables: z.array(z.object({ name: z.string(), rows: z.number().int() })),
  files: z.object({ count: z.number().int(), bytes: z.number() }),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** What the backup and restore say (Settings › Backup, `npm run backup`, `npm run restore`). */
export const BACKUP_MSG = {
  notABackup: 'This file is not a BPM backup.',
  newerSchema: (archive: string, ours: string) =>
    `This backup comes from a newer version of BPM (database schema ${archive}); this installation knows schema ${ours} at most. Update BPM, then restore.`,
  unknownSchema: (archive: string) =>
    `This backup's database schema (${archive}) is not one this version of BPM knows. Restore it with the version that made it.`,
  newerFormat: (v: number) => `This backup's format (version ${v}) is newer than this version of BPM reads.`,
  corrupt: (what: string) => `The backup is damaged: ${what}. Nothing was restored.`,
  missingFile: (sha: string, name: string) =>
    `The uploaded file '${name}' (${sha}) is missing from the file store: the backup was not made.`,
  downloadTitle: 'Backup',
  downloadIntro:
    'A backup holds the whole database and every uploaded file in one archive. Restore it with `npm run restore -- FILE` on a stopped server.',
  downloadButton: 'Download backup',
  downloadFailed: 'Backup failed',
} as const;
