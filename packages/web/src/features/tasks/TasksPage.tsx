import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { TASK_PRIORITIES, TASK_STATUSES, type Task } from '@bpm/contract/tasks';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Button, MenuItem, TextField } from '@mui/material';
import { useTasks } from '../../api/work';
import type { Column } from '../../components/DataTable';
import { DateRange } from '../../components/filters/DateRange';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatDate } from '../../components/format';
import { AddButton, FilterRow, ListPage, ListTable, useListPageState } from '../../components/ListPage';
import { DueChip, fullName, PriorityChip, StatusChip } from '../../components/task-ui';

const DEFAULTS = {
  search: '',
  addedFrom: null as number | null,
  addedTo: null as number | null,
  dueFrom: null as number | null,
  dueTo: null as number | null,
  taskFilter: 'my-tasks' as 'my-tasks' | 'my-projects',
  status: 'all',
  priority: 'all',
  sort: undefined as string | undefined,
  order: undefined as 'asc' | 'desc' | undefined,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

const cap = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/** /tasks: My Tasks or Tasks in My Projects (document 3 section 2.3); filtered and paged on the server. */
export default function TasksPage() {
  const { state: s, set, reset, filter, paging } = useListPageState('tasks', DEFAULTS);
  const q = useTasks(s.taskFilter, {
    search: s.search,
    status: s.status === 'all' ? undefined : s.status,
    priority: s.priority === 'all' ? undefined : s.priority,
    date_from: s.addedFrom ?? undefined,
    date_to: s.addedTo ?? undefined,
    due_from: s.dueFrom ?? undefined,
    due_to: s.dueTo ?? undefined,
    ...paging,
  });
  const columns: Column<Task>[] = [
    { key: 'id', header: 'ID', width: 70 },
    {
      key: 'title',
      header: 'Title',
      render: (t) => (t.parent_id ? `#${t.parent_id} › ${t.title}` : t.title),
    },
    { key: 'project_name', header: 'Project', render: (t) => t.project_name ?? '-' },
    { key: 'status', header: 'Status', render: (t) => <StatusChip status={t.status} /> },
    { key: 'priority', header: 'Priority', render: (t) => <PriorityChip priority={t.priority} /> },
    {
      key: 'assigned',
      header: 'Assigned To',
      render: (t) => fullName(t.assigned_to_first_name, t.assigned_to_last_name) || '-',
    },
    {
      key: 'due_date',
      header: 'Due Date',
      render: (t) => (
        <>
          {formatDate(t.due_date) || '-'} <DueChip due={t.due_date} status={t.status} />
        </>
      ),
    },
    { key: 'date_added', header: 'Date Added', render: (t) => formatDate(t.date_added) },
  ];
  return (
    <ListPage
      title={s.taskFilter === 'my-tasks' ? 'My Tasks' : 'Tasks in My Projects'}
      actions={
        <AddButton to="/tasks/add" testId="task-add">
          New Task
        </AddButton>
      }
      filters={
        <FilterRow>
          <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="tasks-search" />
          <DateRange
            value={{ from: s.addedFrom, to: s.addedTo }}
            onChange={(v) => filter({ addedFrom: v.from, addedTo: v.to })}
            fromLabel="Added From"
            toLabel="Added To"
            testId="tasks-added"
          />
          <DateRange
            value={{ from: s.dueFrom, to: s.dueTo }}
            onChange={(v) => filter({ dueFrom: v.from, dueTo: v.to })}
            fromLabel="Due From"
            toLabel="Due To"
            testId="tasks-due"
          />
          <TextField
            select
            size="small"
            label="Task Filter"
            value={s.taskFilter}
            onChange={(e) => filter({ taskFilter: e.target.value as typeof s.taskFilter })}
            sx={{ width: 160 }}
            slotProps={{ htmlInput: { 'data-testid': 'tasks-filter' } }}
          >
            <MenuItem value="my-tasks">My Tasks</MenuItem>
            <MenuItem value="my-projects">My Projects</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label="Status"
            value={s.status}
            onChange={(e) => filter({ status: e.target.value })}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { 'data-testid': 'tasks-status' } }}
          >
            <MenuItem value="all">All</MenuItem>
            {TASK_STATUSES.map((v) => (
              <MenuItem key={v} value={v}>
                {cap(v)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Priority"
            value={s.priority}
            onChange={(e) => filter({ priority: e.target.value })}
            sx={{ width: 120 }}
            slotProps={{ htmlInput: { 'data-testid': 'tasks-priority' } }}
          >
            <MenuItem value="all">All</MenuItem>
            {TASK_PRIORITIES.map((v) => (
              <MenuItem key={v} value={v}>
                {cap(v)}
              </MenuItem>
            ))}
          </TextField>
          <Button startIcon={<FilterAltOffIcon />} onClick={reset} data-testid="tasks-clear">
            Clear Filter
          </Button>
        </FilterRow>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        fallbackSort={{ sort: 'id', order: 'desc' }}
        testId="tasks-table"
        aria-label="Tasks"
        columns={columns}
        rowKey={(r) => r.id}
        rowHref={(r) => `/tasks/view/${r.id}`}
        emptyText="No tasks found"
      />
    </ListPage>
  );
}
