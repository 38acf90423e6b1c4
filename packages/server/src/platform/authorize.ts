import { type Action, can, decide, type PermissionContext } from '@bpm/contract/permissions';
import type { Role } from '@bpm/contract/roles';
import { forbidden, invalidState } from './errors';

/** A record the action is asked on: its context for the state rules, its possible states, the 409 text. */
export interface RecordAsked {
  context: PermissionContext;
  states: readonly string[];
  /** The message when the record's state stands in the way (409 invalid_state). */
  refused: () => string;
}

/**
 * The server's one authorization check, on the contract's table and state rules: 403 when the caller
 * may never do this (on this record, in any state), 409 when the record's state stands in the way.
 */
export function authorize(role: Role, action: Action, record?: RecordAsked): void {
  const decision = record
    ? decide(role, action, record.context, record.states)
    : can(role, action)
      ? 'allowed'
      : 'forbidden';
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'invalid_state') throw invalidState(record!.refused());
}
