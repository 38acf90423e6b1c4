// npm run restore -- FILE [--into DIR]: see packages/server/src/modules/backup/cli.ts.
import { restoreCommand } from '../packages/server/src/modules/backup/cli';

restoreCommand(process.argv.slice(2), process.env).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
