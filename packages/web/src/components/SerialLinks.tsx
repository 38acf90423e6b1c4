import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { passportPath } from '../api/units';

/** Serials, comma separated, each opening its passport (the unit's whole story). */
export function SerialLinks({ serials, empty = '' }: { serials: readonly string[]; empty?: string }) {
  if (serials.length === 0) return empty;
  return (
    <>
      {serials.map((serial, i) => (
        <span key={serial}>
          {i > 0 && ', '}
          <Link component={RouterLink} to={passportPath(serial)} data-testid="serial-link">
            {serial}
          </Link>
        </span>
      ))}
    </>
  );
}
