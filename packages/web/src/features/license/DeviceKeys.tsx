import type { LicenseRecord } from '@bpm/contract/license';
import { TableCell, Typography } from '@mui/material';
import { formatDate } from '../../components/format';

/** The keys already made for each serial (case aside), newest first. */
export function keysBySerial(records: readonly LicenseRecord[]): Map<string, LicenseRecord[]> {
  const by = new Map<string, LicenseRecord[]>();
  for (const r of records) {
    const k = r.serial.toLowerCase();
    by.set(k, [...(by.get(k) ?? []), r]);
  }
  return by;
}

/** A device's keys so far: the newest with its MAC and date, and how many there are; 'None' before the first. */
export function DeviceKeysCell({ keys }: { keys: readonly LicenseRecord[] | undefined }) {
  const newest = keys?.[0];
  return (
    <TableCell data-testid="device-keys">
      {newest ? (
        <>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {newest.key}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {`${newest.kind === 'activation' ? 'Activation code' : 'License'} for ${newest.mac}, ${formatDate(newest.created_at)}`}
            {keys.length > 1 ? ` (${keys.length} keys)` : ''}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      )}
    </TableCell>
  );
}
