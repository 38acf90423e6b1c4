import type { Role } from './roles';

/** The access token payload, exactly the spec's fields. */
export interface TokenPayload {
  user_id: number;
  username: string;
  user_role: Role;
  is_test: number;
  iat: number;
  exp: number;
}

/** Refresh is triggered this long before the token's lifetime (exp − iat) elapses. */
export const REFRESH_LEAD_MS = 5000;
