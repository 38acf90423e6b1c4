import { eventChanges, eventDetails } from '@bpm/contract/events';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type EventLabels, fieldLabel, valueText } from '../../components/event-prose';

/**
 * An event's data as prose: identifying fields as 'Field: value', then changes as old → new; record ids by their
 * names (`labels` from the server), dates as dates, flags as words.
 */
export function EventData({ data, labels }: { data: unknown; labels?: EventLabels }) {
  const details = eventDetails(data);
  const text = (field: string, v: unknown) => valueText(field, v, labels);
  // A field empty before and after (e.g. blank fields of a new record) says nothing.
  const changes = eventChanges(data).filter((c) => text(c.field, c.old) !== '—' || text(c.field, c.new) !== '—');
  if (!details.length && !changes.length) return <Typography color="text.secondary">—</Typography>;
  return (
    <Box data-testid="event-data">
      {details.length > 0 && (
        <Box sx={{ mb: changes.length ? 0.5 : 0 }}>
          {details.map((d) => (
            <Typography key={d.field} variant="body2">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {fieldLabel(d.field)}:
              </Box>{' '}
              {text(d.field, d.value)}
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
                <TableCell sx={{ color: 'text.secondary' }}>{fieldLabel(c.field)}</TableCell>
                <TableCell sx={{ color: 'error.dark', wordBreak: 'break-word' }}>{text(c.field, c.old)}</TableCell>
                <TableCell>→</TableCell>
                <TableCell sx={{ color: 'success.dark', wordBreak: 'break-word' }}>{text(c.field, c.new)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
