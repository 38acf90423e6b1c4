// Mail about test work (BPM's own, docs/decisions.md): the tester hears of a checklist assigned to them, QA of one
// that reached passed. Through the outbox (platform/mail.ts), so nothing is lost without SMTP.
import { rolesFor } from '@bpm/contract/permissions';
import type { TestChecklist } from '@bpm/contract/test-checklists';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import type { Mailer } from '../../platform/mail';

const pathOf = (c: TestChecklist) =>
  c.order_id != null ? `/testchecklists/test/${c.id}` : `/stocktestchecklists/test/${c.id}`;
const what = (c: TestChecklist) => `${c.product_code} × ${c.quantity}`;

/** To the checklist's tester, unless they assigned it themselves. */
export async function tellTester(db: Db, mailer: Mailer | undefined, c: TestChecklist, actor: AuthUser) {
  if (!mailer || c.test_by == null || c.test_by === actor.user_id) return;
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, c.test_by));
  if (!u?.email) return;
  await mailer.send(db, {
    to: [u.email],
    subject: `Test checklist #${c.id} assigned to you: ${what(c)}`,
    text: `You are the tester of test checklist #${c.id} (${c.product_name}, quantity ${c.quantity}).\nOpen it at ${mailer.link(pathOf(c))}`,
  });
}

/** To every active user who signs off (QA), when an order checklist has just become passed. */
export async function tellQa(db: Db, mailer: Mailer | undefined, c: TestChecklist) {
  if (!mailer || c.order_id == null) return;
  const qa = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.userRole, [...rolesFor('testChecklists.sign')]),
        eq(users.active, 1),
        eq(users.deleted, 0),
        ne(users.email, ''),
      ),
    );
  if (!qa.length) return;
  await mailer.send(db, {
    to: qa.map((u) => u.email),
    subject: `Test checklist #${c.id} is ready for QA sign-off: ${what(c)}`,
    text: `Test checklist #${c.id} (${c.product_name}) has passed and waits for QA sign-off.\nOpen it at ${mailer.link(pathOf(c))}`,
  });
}
