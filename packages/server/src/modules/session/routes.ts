import { MSG } from '@bpm/contract/messages';
import { loginBody, profile } from '@bpm/contract/session';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { defineRoute } from '../../platform/route';
import * as session from './service';

export const REFRESH_COOKIE = 'bpm_refresh';

export function sessionRoutes(app: FastifyInstance) {
  const opts = () => {
    const { tokens, config, clock } = app.deps;
    return { tokens, nowSec: unixNow(clock), refreshTtl: config.refreshTtl, refreshGrace: config.refreshGrace };
  };
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: app.deps.config.cookieSecure,
      path: '/api/auth',
      maxAge: app.deps.config.refreshTtl,
    });
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/login',
    access: { public: true },
    body: loginBody,
    invalidMessage: MSG.loginRequired,
    // Wrong credentials; too many attempts (the throttle).
    errors: [401, 429],
    raw: true,
    async handler({ req, body, reply, deps }) {
      const issued = await session.login(deps.db, body.username, body.password, { address: req.ip }, opts());
      if (issued.refreshToken) setCookie(reply, issued.refreshToken);
      return reply.send({ access_token: issued.accessToken });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/refresh',
    access: { public: true },
    // No, expired, revoked or reused refresh cookie.
    errors: [401],
    raw: true,
    async handler({ req, reply, deps }) {
      try {
        const issued = await session.refresh(deps.db, req.cookies[REFRESH_COOKIE], { ...opts(), address: req.ip });
        if (issued.refreshToken) setCookie(reply, issued.refreshToken);
        return reply.send({ access_token: issued.accessToken });
      } catch (err) {
        clearCookie(reply);
        throw err;
      }
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/logout',
    access: { public: true },
    response: z.null(),
    async handler({ req, reply, deps }) {
      await session.logout(deps.db, req.cookies[REFRESH_COOKIE], req.user?.user_id, unixNow(deps.clock), req.ip);
      clearCookie(reply);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/user/profile',
    access: { action: 'profile.read' },
    response: profile,
    handler: ({ user, deps }) => session.profile(deps.db, user.user_id),
  });
}
