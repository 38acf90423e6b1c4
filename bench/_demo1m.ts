import { sql } from 'drizzle-orm';
import { openPostgres } from '../packages/server/src/db/client';
import { seedDemo } from '../packages/server/src/db/seed';
import { seedOrders } from './sales';

const d = await openPostgres(process.env.DATABASE_URL!);
const now = Math.floor(Date.now() / 1000);
await seedDemo(d.db, now);
await seedOrders(d.db, now, 1_000_000);
await d.db.execute(sql`vacuum analyze`);
await d.close();
