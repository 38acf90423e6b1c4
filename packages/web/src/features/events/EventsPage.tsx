import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import {
  EVENT_KINDS,
  EVENT_NAMES,
  EVENT_RECORD_TYPES,
  EVENTS,
  type EventRecordType,
  type EventRow,
} from '@bpm/contract/events';
import { canReach } from '@bpm/contract/roles';
import { Autocomplete, Box, MenuItem, Stack, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../../api/auth-store';
import { exportEventsCsv, useEvents } from '../../api/events';
import { type Column, DataTable } from '../../components/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { eventTitle, recordTypeLabel } from '../../components/event-prose';
import { ClearFilterButton } from '../../components/filters/ChoiceFilters';
import { DateRange } from '../../components/filters/DateRange';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatDateTime } from '../../components/format';
import { useListPageState } from '../../components/ListPage';
import { PageHeader } from '../../components/PageHeader';
import { EventData } from './EventData';
import { recordPath } from './record-path';

/** The record of an event as the screens name it: 'Order OC-DEMO-12', 'Dealer Northwind Traders'. */
const recordName = (e: EventRow) => {
  const type = recordTypeLabel(e.entity_type);
  const label = e.record_label ?? (e.entity_id ? `#${e.entity_id}` : '');
  return label.startsWith(type) ? label : `${type} ${label}`.trim();
};

const userName = (e: EventRow) => `${`${e.first_name} ${e.last_name}`.trim()} (${e.username})`;

interface EventFilters {
  search: string;
  /** Record type ('' = all). */
  type: string;
  /** Event name ('' = all). */
  event: string;
  user: string;
  from: number | null;
  to: number | null;
  page: number;
  pageSize: number;
}

const DEFAULTS: EventFilters = {
  search: '',
  type: '',
  event: '',
  user: '',
  from: null,
  to: null,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

const RECORD_TYPES = Object.entries(EVENT_RECORD_TYPES) as Array<
  [EventRecordType, (typeof EVENT_RECORD_TYPES)[EventRecordType]]
>;

/** The event names of a record type (every name for ''), for the Event filter. */
function eventNamesOf(type: string): string[] {
  const rt = (EVENT_RECORD_TYPES as Record<string, { stems: readonly string[] }>)[type];
  if (!rt) return [...EVENT_NAMES];
  return rt.stems.flatMap((stem) => Object.values(EVENTS[stem as keyof typeof EVENTS]));
}

/** /events and /events/{kind}/{id} (document 3 section 2.5). */
export default function EventsPage() {
  const { ParamId } = useParams();
  const role = useCurrentUser().user_role;
  const { pathname } = useLocation();
  const kindSeg = pathname.split('/')[2];
  const kind = EVENT_KINDS.find((k) => k === kindSeg);
  const id = ParamId ? Number(ParamId) : undefined;
  // The global list remembers its filters like the other lists; one record's history starts afresh.
  const remembered = useListPageState('eventPage', DEFAULTS);
  const [local, setLocal] = useState(DEFAULTS);
  const s = kind ? local : remembered.state;
  const set = (patch: Partial<EventFilters>) => (kind ? setLocal((v) => ({ ...v, ...patch })) : remembered.set(patch));
  const filter = (patch: Partial<EventFilters>) => set({ ...patch, page: 0 });
  const reset = () => (kind ? setLocal(DEFAULTS) : remembered.reset());

  const params = {
    search: s.search,
    type: kind ? undefined : s.type || undefined,
    event: s.event || undefined,
    user: s.user || undefined,
    from: s.from ?? undefined,
    to: s.to ?? undefined,
  };
  const q = useEvents({ kind, id, ...params, limit: s.pageSize, offset: s.page * s.pageSize });
  const first = q.data?.rows[0];
  const title = kind
    ? `${first && first.entity_id === id ? recordName(first) : `${recordTypeLabel(kind)} ${id}`} — Events`
    : 'Events';
  const eventOptions = useMemo(() => eventNamesOf(kind ?? s.type), [kind, s.type]);

  const columns: Column<EventRow>[] = [
    {
      key: 'time',
      header: 'Time',
      render: (e) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(e.time)}
        </Box>
      ),
    },
    ...(kind
      ? []
      : [{ key: 'record', header: 'Record', width: 200, render: (e: EventRow) => recordName(e) } as Column<EventRow>]),
    { key: 'event', header: 'Event', width: 180, render: (e) => eventTitle(e.event) },
    { key: 'user', header: 'User', width: 200, render: userName },
    {
      key: 'data',
      header: 'Data',
      render: (e) => <EventData data={e.data} labels={e.labels} sinceSignOff={e.since_sign_off} />,
    },
  ];

  return (
    <Box>
      <PageHeader
        title={title}
        back
        actions={kind ? undefined : <ExportCsvButton download={exportEventsCsv} params={params} />}
      />
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="events-search" />
        {!kind && (
          <TextField
            select
            size="small"
            label="Record"
            value={s.type}
            onChange={(e) => filter({ type: e.target.value, event: '' })}
            sx={{ width: 190 }}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'events-type' },
            }}
          >
            <MenuItem value="">All</MenuItem>
            {RECORD_TYPES.map(([key, t]) => (
              <MenuItem key={key} value={key}>
                {t.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Autocomplete
          size="small"
          options={eventOptions}
          value={s.event || null}
          onChange={(_, v) => filter({ event: v ?? '' })}
          getOptionLabel={eventTitle}
          sx={{ width: 280 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Event"
              slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'events-event' } }}
            />
          )}
        />
        <SearchBox value={s.user} onChange={(user) => filter({ user })} label="User" testId="events-user" />
        <DateRange
          value={{ from: s.from, to: s.to }}
          onChange={(v) => filter({ from: v.from, to: v.to })}
          testId="events-dates"
        />
        <ClearFilterButton onClick={reset} testId="events-clear" />
      </Stack>
      <DataTable
        testId="events-table"
        aria-label="Events"
        historySizes
        cellVerticalAlign="top"
        columns={columns}
        rows={q.data?.rows ?? []}
        total={q.data?.total ?? 0}
        totalEstimated={q.data?.estimated === true}
        loading={q.isFetching}
        rowKey={(e) => e.id}
        rowHref={(e) => {
          const path = recordPath(e.entity_type, e.entity_id, e.data);
          return path && canReach(role, path) ? path : undefined;
        }}
        rowLinkColumn={kind ? 'time' : 'record'}
        rowLabel={recordName}
        page={s.page}
        pageSize={s.pageSize}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(pageSize) => set({ pageSize, page: 0 })}
        emptyText="No events found"
      />
    </Box>
  );
}
