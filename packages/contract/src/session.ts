import { z } from 'zod';
import { MSG } from './messages';
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

export const loginBody = z.object(
  {
    // Bounded: no username or password is longer, and a huge one must not reach the throttle or the log.
    username: z
      .string({ error: MSG.loginRequired })
      .trim()
      .min(1, { error: MSG.loginRequired })
      .max(200, { error: MSG.loginRequired }),
    password: z
      .string({ error: MSG.loginRequired })
      .min(1, { error: MSG.loginRequired })
      .max(1000, { error: MSG.loginRequired }),
  },
  { error: MSG.loginRequired },
);
export type LoginBody = z.infer<typeof loginBody>;

export interface Profile {
  first_name: string;
  last_name: string;
  email: string;
}

/** Refresh is triggered this long before the token's lifetime (exp − iat) elapses. */
export const REFRESH_LEAD_MS = 5000;
