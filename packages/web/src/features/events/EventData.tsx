import { eventChanges, eventDetails, type FieldChange } from '@bpm/contract/events';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { changeTexts, type EventLabels, fieldLabel, valueText } from '../../components/event-prose';

/** Old → new rows of changed fields. */
function ChangesTable({ changes, labels }: { changes: FieldChange[]; labels?: EventLabels }) {
  return (
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
        {changes.map((c, i) => {
          const [before, after] = changeTexts(c.field, c.old, c.new, labels);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a field (a test step) may change more than once
            <TableRow key={`${c.field}-${i}`}>
              <TableCell sx={{ color: 'text.secondary' }}>{fieldLabel(c.field)}</TableCell>
              <TableCell sx={{ color: 'error.dark', wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
                {before}
              </TableCell>
              <TableCell>→</TableCell>
              <TableCell sx={{ color: 'success.dark', wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
                {after}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/**
 * An event's data as prose: identifying fields as 'Field: value', then changes as old → new; record ids by their
 * names and codes by their labels (`labels` from the server), dates as dates, flags as words. A re-approval adds
 * what changed since sign-off (`sinceSignOff`).
 */
export function EventData({
  data,
  labels,
  sinceSignOff,
}: {
  data: unknown;
  labels?: EventLabels;
  sinceSignOff?: FieldChange[];
}) {
  const details = eventDetails(data);
  const text = (field: string, v: unknown) => valueText(field, v, labels);
  // A field empty before and after (e.g. blank fields of a new record) says nothing.
  const changes = eventChanges(data).filter((c) => text(c.field, c.old) !== '—' || text(c.field, c.new) !== '—');
  if (!details.length && !changes.length && !sinceSignOff) return <Typography color="text.secondary">—</Typography>;
  return (
    <Box data-testid="event-data">
      {details.length > 0 && (
        <Box sx={{ mb: changes.length ? 0.5 : 0 }}>
          {details.map((d) => (
            <Typography key={d.field} variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {fieldLabel(d.field)}:
              </Box>{' '}
              {text(d.field, d.value)}
            </Typography>
          ))}
        </Box>
      )}
      {changes.length > 0 && <ChangesTable changes={changes} labels={labels} />}
      {sinceSignOff && (
        <Box sx={{ mt: 0.5 }} data-testid="since-sign-off">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {sinceSignOff.length ? 'Changed since sign-off' : 'Nothing changed since sign-off'}
          </Typography>
          {sinceSignOff.length > 0 && <ChangesTable changes={sinceSignOff} labels={labels} />}
        </Box>
      )}
    </Box>
  );
}
