import {
  COUNT_UNLIMITED,
  FLAG_OPTIONS,
  LICENSE_TYPE_LABELS,
  type LicenseEntry,
  OPTION_LABELS,
} from '@bpm/contract/license';
import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useLicenseRegistry } from '../../api/license';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatDateTime } from '../../components/format';

const isFlag = (code: string) => (FLAG_OPTIONS as readonly string[]).includes(code);
const optionsText = (l: LicenseEntry[]) =>
  l
    .map((e) =>
      isFlag(e.code)
        ? OPTION_LABELS[e.code]
        : `${OPTION_LABELS[e.code]}: ${e.value === COUNT_UNLIMITED ? 'unlimited' : e.value}`,
    )
    .join(', ');

/** The license registry (BPM's own): every generated key, searchable by MAC or dealer. */
export function LicenseRegistry() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(50);
  const q = useLicenseRegistry({ search, offset: page * rowsPerPage, limit: rowsPerPage });
  const rows = q.data?.rows ?? [];
  return (
    <Paper sx={{ p: 2 }} data-testid="license-registry">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          Generated Licenses
        </Typography>
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
          label="Search MAC or dealer"
          testId="license-registry-search"
        />
      </Box>
      <TableContainer tabIndex={0} role="region" aria-label="Generated Licenses">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>MAC</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Options</TableCell>
              <TableCell>Dealer</TableCell>
              <TableCell>Serial</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Key</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-testid="license-registry-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.mac}</TableCell>
                <TableCell>{LICENSE_TYPE_LABELS[r.kind]}</TableCell>
                <TableCell>{optionsText(r.license)}</TableCell>
                <TableCell>{r.dealer_name}</TableCell>
                <TableCell>{r.serial}</TableCell>
                <TableCell>{r.created_by}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 11, wordBreak: 'break-all', maxWidth: 360 }}>
                  {r.key}
                </TableCell>
              </TableRow>
            ))}
            {!rows.length && (
              <TableRow>
                <TableCell colSpan={8}>{q.isLoading ? 'Loading…' : 'No licenses found'}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={q.data?.total ?? 0}
        page={page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setRowsPerPage(Number(e.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
