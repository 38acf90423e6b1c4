import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { type Project, percentComplete } from '@bpm/contract/projects';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Button, MenuItem, TextField } from '@mui/material';
import { useProjects } from '../../api/work';
import type { Column } from '../../components/DataTable';
import { DateRange } from '../../components/filters/DateRange';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatDate } from '../../components/format';
import { AddButton, FilterRow, ListPage, ListTable, useListPageState } from '../../components/ListPage';

const DEFAULTS = {
  search: '',
  from: null as number | null,
  to: null as number | null,
  completion: 'not-completed',
  sort: 'date_created' as string | undefined,
  order: 'desc' as 'asc' | 'desc' | undefined,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** /projects (document 3 section 2.4): the caller's projects; filters, sort and paging on the server. */
export default function ProjectsPage() {
  const { state: s, set, reset, filter, paging } = useListPageState('projects', DEFAULTS);
  const q = useProjects({
    search: s.search,
    date_from: s.from ?? undefined,
    date_to: s.to ?? undefined,
    completion: s.completion,
    sort: s.sort,
    order: s.order,
    ...paging,
  });
  const columns: Column<Project>[] = [
    { key: 'name', header: 'Project Name', sortKey: 'name' },
    { key: 'member_count', header: 'Members', sortKey: 'member_count', align: 'right' },
    { key: 'total_tasks', header: 'Tasks', sortKey: 'total_tasks', align: 'right' },
    {
      key: 'completed_tasks',
      header: 'Completed Tasks',
      sortKey: 'completed_tasks',
      align: 'right',
      render: (p) => {
        const pct = percentComplete(p.total_tasks, p.completed_tasks);
        return pct == null ? p.completed_tasks : `${p.completed_tasks} (${pct}%)`;
      },
    },
    { key: 'date_created', header: 'Created Date', sortKey: 'date_created', render: (p) => formatDate(p.date_created) },
  ];
  return (
    <ListPage
      title="Projects"
      actions={
        <AddButton to="/projects/add" testId="project-add">
          New Project
        </AddButton>
      }
      filters={
        <FilterRow>
          <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="projects-search" />
          <DateRange
            value={{ from: s.from, to: s.to }}
            onChange={(v) => filter({ from: v.from, to: v.to })}
            fromLabel="Created From"
            toLabel="Created To"
            testId="projects-created"
          />
          <TextField
            select
            size="small"
            label="Completion Status"
            value={s.completion}
            onChange={(e) => filter({ completion: e.target.value })}
            sx={{ width: 180 }}
            slotProps={{ htmlInput: { 'data-testid': 'projects-completion' } }}
          >
            <MenuItem value="all">All</MenuItem>
            <MenuItem value="not-completed">Not Completed</MenuItem>
            <MenuItem value="completed">Completed</MenuItem>
          </TextField>
          <Button startIcon={<FilterAltOffIcon />} onClick={reset} data-testid="projects-clear">
            Clear Filter
          </Button>
        </FilterRow>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        emptyOnError
        fallbackSort={{ sort: 'date_created', order: 'desc' }}
        testId="projects-table"
        aria-label="Projects"
        columns={columns}
        rowKey={(r) => r.id}
        rowHref={(r) => `/projects/view/${r.id}`}
        emptyText="No projects found"
      />
    </ListPage>
  );
}
