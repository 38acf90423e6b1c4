import { eventChanges, eventDetails } from '@bpm/contract/events';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { displayValue } from '../../components/format';

const label = (field: string) => field.replace(/_/g, ' ');

/** An event's data as a small field table: identifying fields, then changes as old → new. */
export function EventData({ data }: { data: unknown }) {
  const details = eventDetails(data);
  // A field empty before and after (e.g. blank fields of a new record) says nothing.
  const changes = eventChanges(data).filter((c) => displayValue(c.old) !== '—' || displayValue(c.new) !== '—');
  if (!details.length && !changes.length) return <Typography color="text.secondary">—</Typography>;
  return (
    <Box data-testid="event-data">
      {details.length > 0 && (
        <Box sx={{ mb: changes.length ? 0.5 : 0 }}>
          {details.map((d) => (
            <Typography key={d.field} variant="body2">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {label(d.field)}:
              </Box>{' '}
              {displayValue(d.value)}
            </Typography>
          ))}
        </Box>
      )}
      {changes.length > 0 && (
        <Table size="small" sx={{ '& td, & th': { py: 0.25, px: 1, fontSize: 13 }, width: 'auto' }}>
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Old</TableCell>
              <TableCell />
              <TableCell>New</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((c) => (
              <TableRow key={c.field}>
                <TableCell sx={{ color: 'text.secondary' }}>{label(c.field)}</TableCell>
                <TableCell sx={{ color: 'error.dark', wordBreak: 'break-word' }}>{displayValue(c.old)}</TableCell>
                <TableCell>→</TableCell>
                <TableCell sx={{ color: 'success.dark', wordBreak: 'break-word' }}>{displayValue(c.new)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
