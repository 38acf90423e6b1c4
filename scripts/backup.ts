// npm run backup -- --out FILE: the database (PGlite in DATA_DIR, or DATABASE_URL) and the uploaded files.
import { backupCommand } from '../packages/server/src/modules/backup/cli';

backupCommand(process.argv.slice(2), process.env).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
