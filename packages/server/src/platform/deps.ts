import type { Clock, Config } from '../config';
import type { Db } from '../db/client';
import type { TokenService } from './auth';
import type { FileStore } from './files';
import type { Mailer } from './mail';

/** The infrastructure an app is built with; tests pass a fresh database and a fake clock. */
export interface Deps {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  clock: Clock;
  config: Config;
  tokens: TokenService;
}
