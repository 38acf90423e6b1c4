import { idAnswer } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import {
  assignableUser,
  checkPermissionQuery,
  checkPermissionResult,
  memberAdd,
  memberChanged,
  memberEdit,
  memberListQuery,
  memberParams,
  memberRemoved,
  project,
  projectListQuery,
  projectMember,
  projectSave,
} from '@bpm/contract/projects';
import { task, taskListQuery } from '@bpm/contract/tasks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import type { Deps } from '../../platform/deps';
import { defineRoute, Paged } from '../../platform/route';
import { projectTasks } from '../tasks/list';
import * as members from './members';
import * as projects from './service';

const projectId = z.object({
  id: z.coerce
    .number({ error: MSG.projectIdRequired })
    .int({ error: MSG.projectIdRequired })
    .positive({ error: MSG.projectIdRequired })
    .max(2_147_483_647, { error: MSG.projectIdRequired }),
});
const projectIdP = z.object({ projectId: projectId.shape.id });

export function projectRoutes(app: FastifyInstance) {
  const access = { action: 'projects.use' } as const;
  const now = (deps: Deps) => unixNow(deps.clock);

  defineRoute(app, {
    method: 'GET',
    url: '/projects',
    access,
    query: projectListQuery,
    paged: true,
    response: project,
    async handler({ query, user, deps }) {
      const page = await projects.listProjects(deps.db, user.user_id, query);
      return new Paged(page.rows, page.total);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/projects/:id',
    access,
    params: projectId,
    response: project,
    handler: ({ params, user, deps }) => projects.getProject(deps.db, params.id, user.user_id),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/projects/:id',
    access,
    params: projectId,
    response: idAnswer,
    handler: ({ params, user, deps }) => projects.deleteProject(deps.db, params.id, user, now(deps)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/projects/add',
    access,
    body: projectSave,
    invalidMessage: (cause) => (cause.name ? MSG.projectNameRequired : undefined),
    response: project,
    handler: ({ body, user, deps }) => projects.createProject(deps.db, body, user, now(deps)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/projects/edit/:id',
    access,
    params: projectId,
    body: projectSave,
    invalidMessage: (cause) => (cause.name ? MSG.projectNameRequired : undefined),
    response: project,
    handler: ({ params, body, user, deps }) => projects.editProject(deps.db, params.id, body, user, now(deps)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/projects/:id/check-permission',
    access,
    params: projectId,
    query: checkPermissionQuery,
    response: checkPermissionResult,
    handler: ({ params, query, user, deps }) => projects.checkPermission(deps.db, params.id, user.user_id, query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/projects/:id/tasks',
    access,
    params: projectId,
    query: taskListQuery,
    paged: true,
    response: task,
    async handler({ params, query, user, deps }) {
      const page = await projectTasks(deps.db, params.id, user.user_id, query, now(deps));
      return new Paged(page.rows, page.total);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/tasks/users/:projectId',
    access: { action: 'tasks.use' },
    params: z.object({
      projectId: z.coerce.number({ error: MSG.projectIdRequiredForUsers }).int().positive().max(2_147_483_647),
    }),
    response: z.array(assignableUser),
    handler: ({ params, user, deps }) => members.assignableUsers(deps.db, params.projectId, user.user_id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/projects/:projectId/members',
    access,
    params: projectIdP,
    query: memberListQuery,
    paged: true,
    response: projectMember,
    async handler({ params, query, user, deps }) {
      const page = await members.listMembers(deps.db, params.projectId, user.user_id, query);
      return new Paged(page.rows, page.total);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/projects/:projectId/members/add',
    access,
    params: projectIdP,
    body: memberAdd,
    response: memberChanged,
    invalidMessage: (cause) =>
      cause.user_id
        ? MSG.userIdRequired
        : cause.role
          ? MSG.roleRequired
          : cause.project_id
            ? MSG.projectIdRequired
            : undefined,
    handler: ({ params, body, user, deps }) => members.addMember(deps.db, params.projectId, body, user, now(deps)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/projects/:projectId/members/edit/:userId',
    access,
    params: memberParams,
    body: memberEdit,
    response: memberChanged,
    invalidMessage: MSG.selectRole,
    handler: ({ params, body, user, deps }) =>
      members.editMember(deps.db, params.projectId, params.userId, body.role, user, now(deps)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/projects/:projectId/members/:userId',
    access,
    params: memberParams,
    response: memberRemoved,
    handler: ({ params, user, deps }) =>
      members.removeMember(deps.db, params.projectId, params.userId, user, now(deps)),
  });
}
