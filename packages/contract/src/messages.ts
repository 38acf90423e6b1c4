/** Every user-visible message of the specification, word for word, plus BPM's own (docs/decisions.md). */
export const MSG = {
  required: 'required field',
  minLength: (n: number) => `This field must be at least ${n} characters in length`,
  email: 'Please enter a valid email address',
  confirmMismatch: 'Please enter the same value again.',
  number: 'Please enter a valid number',
  range: (min: number, max: number) => `Please enter a value between ${min} and ${max}.`,
  phone: 'Please enter a valid phone number',
  loginRequired: 'Please enter your username and password.',
  saved: 'Save successfully',
  signatureDeleted: 'Signature image has been deleted',
  missingParams: 'Missing required parameters',
  deleteUserConfirm: 'Are you sure you want to delete this user?',
  testAssignmentWarning:
    'Some products have more test assignments than their quantity. Consider adjusting quantities or managing test checklists.',

  // BPM's own messages where the spec shows none (docs/decisions.md).
  invalidCredentials: 'Invalid username or password',
  accountDisabled: 'This account is disabled. Please contact your administrator.',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  sessionExpired: 'Your session has expired. Please log in again.',
  unauthenticated: 'Please log in.',
  forbidden: 'You do not have permission to do this.',
  crossSite: 'Cross-site requests are not allowed.',
  notFound: 'Not found',
  validation: 'Please correct the highlighted fields.',
  internal: 'Something went wrong. Please try again.',
  fileTooLarge: 'The file is too large.',
  imageOnly: 'Please choose an image file (PNG, JPEG, GIF or WebP).',
  pdfOnly: 'Please choose a PDF file.',
  usernameTaken: 'This username is already taken',
  adminUsernameLocked: "The username 'admin' cannot be changed",
  adminRoleLocked: "The user 'admin' can only be an administrator",
  cannotDeleteSelf: 'You cannot delete or disable your own account',
  conflict: (who: string, when: string) =>
    `This record was changed by ${who} at ${when}. Reload it to see their changes, then save again.`,
} as const;
