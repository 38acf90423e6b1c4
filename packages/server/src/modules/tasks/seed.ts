import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { projectMembers, projects, taskNotes, tasks } from '../../db/schema/work';

type Role = 'owner' | 'manager' | 'member' | 'viewer';
type T = [
  title: string,
  status: string,
  priority: string,
  dueDays: number | null,
  assignee: string | null,
  subtasks?: T[],
];

const DAY = 86400;

/** Demo projects with members in every role, tasks and subtasks in all statuses and priorities, and notes. */
export async function seedWork(db: Db, { now }: { now: number }): Promise<void> {
  const users = await queryRows<{ id: number; username: string }>(db, sql`select id, username from users`);
  const id = (u: string) => users.find((x) => x.username === u)?.id;
  if (!id('admin')) return;
  const plans: Array<{
    name: string;
    description: string;
    owner: string;
    members: Array<[string, Role]>;
    tasks: T[];
    age: number;
  }> = [
    {
      name: 'Website Redesign',
      description:
        '<p>Refresh the dealer portal pages. Style guide: https://example.com/brand</p><ul><li>New product pages</li><li>Faster search</li></ul>',
      owner: 'admin',
      members: [
        ['sale', 'manager'],
        ['production', 'member'],
        ['tester', 'member'],
        ['qa', 'viewer'],
      ],
      age: 30,
      tasks: [
        ['Collect dealer feedback', 'completed', 'medium', -10, 'sale'],
        [
          'Design new product page',
          'in progress',
          'high',
          2,
          'production',
          [
            ['Draft wireframes', 'completed', 'high', -3, 'production'],
            ['Review with sales', 'new', 'medium', 5, 'sale'],
          ],
        ],
        ['Migrate product images', 'new', 'low', -2, 'tester'],
        ['Write launch announcement', 'new', 'medium', null, null],
      ],
    },
    {
      name: 'Q1 Production Ramp-up',
      description: '<p>Prepare the line for the <strong>Q1 volume</strong>.</p>',
      owner: 'production',
      members: [
        ['admin', 'manager'],
        ['tester', 'member'],
        ['purchase', 'member'],
        ['shipping', 'viewer'],
      ],
      age: 20,
      tasks: [
        ['Order long-lead components', 'in progress', 'high', -1, 'purchase'],
        [
          'Calibrate test fixtures',
          'new',
          'high',
          6,
          'tester',
          [['Check fixture firmware', 'in progress', 'low', 3, 'tester']],
        ],
        ['Update packing instructions', 'completed', 'low', -5, 'shipping'],
      ],
    },
    {
      name: 'Supplier Audit 2026',
      description: '',
      owner: 'purchase',
      members: [
        ['poapproval', 'manager'],
        ['qa', 'member'],
      ],
      age: 60,
      tasks: [
        ['Audit checklist', 'completed', 'medium', -30, 'qa'],
        ['Sign off audit report', 'completed', 'high', -20, 'poapproval'],
      ],
    },
  ];
  for (const plan of plans) {
    const owner = id(plan.owner)!;
    const created = now - plan.age * DAY;
    const [p] = await db
      .insert(projects)
      .values({
        name: plan.name,
        description: plan.description,
        createdBy: owner,
        dateCreated: created,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: projects.id });
    await db
      .insert(projectMembers)
      .values([
        { projectId: p!.id, userId: owner, role: 'owner', createdAt: created },
        ...plan.members
          .filter(([u]) => id(u))
          .map(([u, role]) => ({ projectId: p!.id, userId: id(u)!, role, createdAt: created })),
      ]);
    const add = async (t: T, parentId: number | null, n: number) => {
      const [title, status, priority, due, assignee, subs] = t;
      const added = created + n * DAY;
      const [row] = await db
        .insert(tasks)
        .values({
          title,
          description: `<p>${title}.</p>`,
          status,
          priority,
          dueDate: due == null ? null : now + due * DAY,
          assignedTo: assignee ? (id(assignee) ?? null) : null,
          addedBy: owner,
          dateAdded: added,
          dateCompleted: status === 'completed' ? Math.min(now, added + 2 * DAY) : null,
          parentId,
          projectId: p!.id,
          createdAt: added,
          updatedAt: added,
        })
        .returning({ id: tasks.id });
      if (assignee && id(assignee)) {
        await db.insert(taskNotes).values([
          { taskId: row!.id, userId: owner, note: `Please take this one.`, dateAdded: added, dateModified: added },
          {
            taskId: row!.id,
            userId: id(assignee)!,
            note: status === 'completed' ? 'Done.' : 'On it.\nWill update here.',
            dateAdded: added + 3600,
            dateModified: status === 'in progress' ? added + 7200 : added + 3600,
          },
        ]);
      }
      for (const [i, s] of (subs ?? []).entries()) await add(s, row!.id, n + i + 1);
    };
    for (const [i, t] of plan.tasks.entries()) await add(t, null, i);
  }
  // A personal task without a project.
  await db.insert(tasks).values({
    title: 'Renew trade show booth booking',
    status: 'new',
    priority: 'medium',
    dueDate: now + 10 * DAY,
    assignedTo: id('sale') ?? null,
    addedBy: id('sale')!,
    dateAdded: now - DAY,
    createdAt: now - DAY,
    updatedAt: now - DAY,
  });
}
