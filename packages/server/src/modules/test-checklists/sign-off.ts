// QA's sign-off and the approval of a change made after it.
import { TC_MSG } from '@bpm/contract/test-checklists';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { testChecklistSteps, testChecklists, testResults } from '../../db/schema/testing';
import type { AuthUser } from '../../platform/auth';
import { authorize } from '../../platform/authorize';
import { invalidState } from '../../platform/errors';
import { checklistAsked, onOwnUnit, saveChecklist } from './core';

/** Sign QC: a passed order checklist becomes completed, signed by the caller (irreversible). */
export async function signQc(db: Db, id: number, actor: AuthUser, now: number) {
  return db.transaction(async (tx) =>
    saveChecklist(
      tx,
      'order',
      id,
      undefined,
      {
        fields: async (before) => {
          authorize(actor.user_role, 'testChecklists.sign', checklistAsked(actor, before, TC_MSG.notPassed));
          return { qaBy: actor.user_id, qaDate: now, changedAfterSign: 0 };
        },
        event: 'test_checklist_signed',
        data: (after) => ({ status: after.status }),
      },
      actor,
      now,
    ),
  );
}

/** Step × serial cells of a checklist without a result. */
async function missingResults(tx: Db, id: number): Promise<number> {
  const [r] = await queryRows<{ missing: number }>(
    tx,
    sql`select ((select count(*) from ${testChecklistSteps} s where s.checklist_id = ${id})
          * cardinality(c.serials)
          - (select count(*) from ${testResults} r join ${testChecklistSteps} s on s.id = r.step_id
               where s.checklist_id = ${id} and ${onOwnUnit(sql`r`, sql`${id}`)}))::int as missing
        from ${testChecklists} c where c.id = ${id}`,
  );
  return Number(r?.missing ?? 0);
}

/** Approval of a checklist changed after sign-off: back to completed, once every step × serial has a result. */
export async function approve(db: Db, id: number, actor: AuthUser, now: number) {
  return db.transaction(async (tx) =>
    saveChecklist(
      tx,
      'order',
      id,
      undefined,
      {
        fields: async (before) => {
          authorize(actor.user_role, 'testChecklists.approve', checklistAsked(actor, before, TC_MSG.notWaiting));
          // Approval completes the checklist only when every step has a result for every serial.
          const missing = await missingResults(tx, id);
          if (missing) throw invalidState(TC_MSG.untestedSteps(missing));
          await tx.update(testChecklistSteps).set({ reopened: 0 }).where(eq(testChecklistSteps.checklistId, id));
          return { changedAfterSign: 0 };
        },
        event: 'test_checklist_approved',
        data: (after) => ({ status: after.status }),
      },
      actor,
      now,
    ),
  );
}
