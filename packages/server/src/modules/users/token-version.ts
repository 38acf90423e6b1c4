// The account's token version (users.token_version): every access token carries the version it was
// signed at, and the account check refuses an older one. The users module owns the column; the
// session module asks for a bump on logout, a password change or a disabled account.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

/** Access tokens issued before now stop working at once (they carry the older token version). */
export async function revokeAccessTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}
