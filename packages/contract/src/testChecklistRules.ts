import type { Role } from './roles';

/**
 * State rules of the checklist actions (document 3 section 6). Context: `ownerId` = the assigned
 * tester (test_by), `userId` = the caller, `state` = the checklist status, `qaBy` = who signed it.
 * Absent context fields are not checked, so the server can ask "may this person at all" first.
 * Kept apart from permissions.ts so the table stays one import for every area.
 */
type Ctx = { state?: string; userId?: number; ownerId?: number | null; qaBy?: number | null; [k: string]: unknown };

const signed = (c: Ctx) => (c.qaBy !== undefined && c.qaBy !== null) || c.state === 'completed';
const signedOrWaiting = (c: Ctx) => signed(c) || c.state === 'waiting approval';
const isOwner = (c: Ctx) => c.userId === undefined || c.ownerId === undefined || c.ownerId === c.userId;

export const TEST_CHECKLIST_RULES = {
  // Edit or delete a checklist: not once completed (nor while a signed one waits for approval).
  'testChecklists.manage': (_r: Role, c: Ctx) => !signedOrWaiting(c),
  // Serials: admin, sale, production, or the assigned tester; never once signed.
  'testChecklists.serials': (r: Role, c: Ctx) => (r !== 'tester' || isOwner(c)) && !signed(c),
  // Result cells: only the assigned tester (also when sale or production), only unsigned.
  'testChecklists.result': (_r: Role, c: Ctx) => isOwner(c) && !signed(c),
  'testChecklists.sign': (_r: Role, c: Ctx) => c.state === undefined || c.state === 'passed',
  'testChecklists.approve': (_r: Role, c: Ctx) => c.state === undefined || c.state === 'waiting approval',
} as const;
