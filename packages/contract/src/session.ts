import { z } from 'zod';
import { MSG } from './messages';

// The token's shape and timing live in a zod-free file: the login screen needs them, not zod.
export { REFRESH_LEAD_MS, type TokenPayload } from './session-token';

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

/** GET /user/profile: the signed-in user's name and e-mail. */
export const profile = z.object({ first_name: z.string(), last_name: z.string(), email: z.string() });
export type Profile = z.infer<typeof profile>;
