import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { EVENT_KINDS, type EventKind, type EventRow } from '@bpm/contract/events';
import { canReach } from '@bpm/contract/roles';
import { Box, Stack } from '@mui/material';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../../api/auth-store';
import { useEvents } from '../../api/events';
import { type Column, DataTable } from '../../components/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { EventData } from './EventData';
import { recordPath } from './record-path';

const KIND_TITLES: Record<EventKind, string> = {
  order: 'Order',
  quotation: 'Quotation',
  packinglist: 'Packing List',
  purchaseorder: 'Purchase Order',
  task: 'Task',
  project: 'Project',
};

const columns: Column<EventRow>[] = [
  { key: 'time', header: 'Time', width: 170, render: (e) => formatDateTime(e.time) },
  {
    key: 'user',
    header: 'User',
    width: 200,
    render: (e) => `${`${e.first_name} ${e.last_name}`.trim()} (${e.username})`,
  },
  { key: 'event', header: 'Event', width: 180 },
  { key: 'data', header: 'Data', render: (e) => <EventData data={e.data} /> },
];

/** /events and /events/{kind}/{id} (document 3 section 2.5). */
export default function EventsPage() {
  const { ParamId } = useParams();
  const role = useCurrentUser().user_role;
  const { pathname } = useLocation();
  const kindSeg = pathname.split('/')[2];
  const kind = EVENT_KINDS.find((k) => k === kindSeg);
  const id = ParamId ? Number(ParamId) : undefined;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const q = useEvents({ kind, id, search, limit: pageSize, offset: page * pageSize });
  const title = kind ? `${KIND_TITLES[kind]} ${id} — Events` : 'Events';
  return (
    <Box>
      <PageHeader
        title={title}
        back
        actions={kind ? undefined : <ExportCsvButton path="/events" params={{ search }} />}
      />
      <Stack direction="row" sx={{ mb: 2 }}>
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
          testId="events-search"
        />
      </Stack>
      <DataTable
        testId="events-table"
        aria-label="Events"
        historySizes
        cellVerticalAlign="top"
        columns={columns}
        rows={q.data?.rows ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        rowKey={(e) => e.id}
        rowHref={(e) => {
          const path = recordPath(e.entity_type, e.entity_id);
          return path && canReach(role, path) ? path : undefined;
        }}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(s) => {
          setPageSize(s);
          setPage(0);
        }}
        emptyText="No events found"
      />
    </Box>
  );
}
