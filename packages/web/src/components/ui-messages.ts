/**
 * The web client's own prompts and toasts (docs/decisions.md, 'Web app').
 * The spec's texts are used where it has them: 'Revise successfully' and 'Duplicate successfully'
 * (document 2 section 8); the rest are BPM's own.
 */
export const UI_MSG = {
  revised: 'Revise successfully',
  duplicated: 'Duplicate successfully',
  leaveTitle: 'Unsaved changes',
  leaveQuestion: 'You have unsaved changes. Leave this page and discard them?',
  leave: 'Leave',
  stay: 'Stay',
  discardQuestion: 'You have unsaved changes. Close this dialog and discard them?',
  discard: 'Discard',
  invalidDate: 'Please enter a valid date',
  requestDeleteConfirm: (name: string) => `Request to delete ${name}? An administrator will review the request.`,
  requestDeleteSent: 'Delete request sent',
  requestDeleteCancelled: 'Delete request cancelled',
  duplicateConfirm: (name: string) => `Duplicate ${name}? Unsaved changes are saved first.`,
  reviseConfirm: (name: string) => `Revise ${name}? Unsaved changes are saved first.`,
  confirmOrderConfirm: (name: string) => `Turn ${name} into an order? Unsaved changes are saved first.`,
  orderConfirmed: (name: string) => `${name} confirmed as an order`,
  deleted: (name: string) => `${name} deleted`,
  approveDeleteConfirm: (name: string) => `Approve the delete request and delete ${name}? This cannot be undone.`,
  rejectDeleteConfirm: (name: string) => `Reject the delete request for ${name}?`,
  deleteApproved: (name: string) => `${name} deleted`,
  deleteRejected: (name: string) => `Delete request for ${name} rejected`,
} as const;
