import { type LicenseEntry, type LicenseRecord, type LicenseType, MAC_PLACEHOLDER } from '@bpm/contract/license';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors';
import { type BatchResult, useLicenseBatch, useLicensesOfSerials } from '../../api/license';
import { toast } from '../../api/notify';
import { usePackingList } from '../../api/packing-lists';
import { copyAndTell } from './copy-text';
import { DeviceKeysCell, keysBySerial } from './DeviceKeys';
import { type DeviceRow, deviceErrors, devicesWithMac, packingDevices, resultsAsText } from './packing-devices';

/** The license options of the form above, or null when they are invalid (the form then shows why). */
export type OptionsOf = () => Promise<{ license_type: LicenseType; license: LicenseEntry[] } | null>;

/**
 * /genlic?packing_list_id=N (BPM's own, issue 13): license a packing list's devices in one go — one MAC
 * per unit (a modem unit's IMEI shown beside its serial, never a device; blank rows are skipped), the options of
 * the form above, all or none (`POST /license/batch`); 'Devices of' one product gives its devices their own options.
 */
export function PackingListDevices({ packingListId, options }: { packingListId: number; options: OptionsOf }) {
  const list = usePackingList(packingListId);
  const batch = useLicenseBatch();
  const rows = useMemo(() => packingDevices(list.data?.products ?? []), [list.data]);
  const existing = useLicensesOfSerials(rows.map((r) => r.serial));
  const keys = useMemo(() => keysBySerial(existing.data?.rows ?? []), [existing.data]);
  const [macs, setMacs] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  const [results, setResults] = useState<BatchResult[]>([]);
  // Options per product: generate for one product's devices, change the options, then the next product's.
  const [only, setOnly] = useState('');
  const products = [...new Set(rows.map((r) => r.product))];

  if (list.isError) return <Alert severity="error">Packing list not found</Alert>;
  if (!list.data) return null;
  const p = list.data;

  const generate = async () => {
    setError('');
    setErrors({});
    const opts = await options();
    if (!opts) return;
    const devices = devicesWithMac(rows, macs).filter((d) => !only || rows[d.row]?.product === only);
    if (!devices.length) {
      setError('Enter the MAC of at least one device.');
      return;
    }
    try {
      const out = await batch.mutateAsync({
        ...opts,
        devices: devices.map(({ mac, serial }) => ({ mac, serial })),
        order_id: p.order_id,
        dealer_id: p.dealer,
      });
      // Keys of earlier products stay listed (and in Copy All) beside these.
      setResults((before) => [...before, ...out]);
      toast(`${out.length} licenses generated`, 'success');
    } catch (err) {
      if (!(err instanceof ApiError)) return setError(String(err));
      const { byRow, message } = deviceErrors(err.fieldErrors, devices, err.message);
      setErrors(byRow);
      setError(message);
    }
  };

  return (
    <Paper sx={{ p: 2, mb: 3 }} data-testid="packing-devices">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Devices of packing list <Link to={`/packinglists/edit/${p.id}`}>{p.po_number || `#${p.id}`}</Link> —{' '}
        {p.dealer_name}, order {p.oc_ref}
      </Typography>
      {rows.length === 0 ? (
        <Typography>This packing list has no serial numbers yet.</Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Enter the MAC of each device to license (rows left blank are skipped); the options above apply to the
            devices generated together — choose a product to give its devices their own options.
          </Typography>
          <DevicesTable rows={rows} macs={macs} setMacs={setMacs} errors={errors} keys={keys} />
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
            {products.length > 1 && (
              <TextField
                select
                size="small"
                label="Devices of"
                value={only}
                onChange={(e) => setOnly(e.target.value)}
                sx={{ minWidth: 220 }}
                slotProps={{ htmlInput: { 'data-testid': 'devices-product' } }}
              >
                <MenuItem value="">All products</MenuItem>
                {products.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Button variant="contained" onClick={generate} disabled={batch.isPending} data-testid="devices-generate">
              Generate for Devices
            </Button>
          </Stack>
        </>
      )}
      {error && (
        <Typography color="error" sx={{ mt: 2 }} role="alert" data-testid="devices-error">
          {error}
        </Typography>
      )}
      {results.length > 0 && (
        <Stack spacing={1} sx={{ mt: 2 }} data-testid="devices-results">
          <Table size="small" aria-label="Generated licenses">
            <TableHead>
              <TableRow>
                <TableCell>Serial</TableCell>
                <TableCell>MAC</TableCell>
                <TableCell>License</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((r) => (
                <TableRow key={`${r.serial}-${r.mac}`}>
                  <TableCell>{r.serial}</TableCell>
                  <TableCell>{r.mac}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{r.license}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Button
            startIcon={<ContentCopyIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={async () => {
              await copyAndTell(resultsAsText(results));
            }}
          >
            Copy All
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/** A unit's serial, with a modem unit's IMEI under it (the IMEI is not a device of its own). */
function UnitCell({ row }: { row: DeviceRow }) {
  return (
    <TableCell>
      {row.serial}
      {row.imei && <Typography variant="body2" color="text.secondary">{`IMEI ${row.imei}`}</Typography>}
    </TableCell>
  );
}

/** One row per unit: its product, serial (and IMEI), the MAC box and the keys it has so far. */
function DevicesTable({
  rows,
  macs,
  setMacs,
  errors,
  keys,
}: {
  rows: DeviceRow[];
  macs: Record<number, string>;
  setMacs: (macs: Record<number, string>) => void;
  errors: Record<number, string>;
  keys: Map<string, LicenseRecord[]>;
}) {
  return (
    <Table size="small" aria-label="Devices">
      <TableHead>
        <TableRow>
          <TableCell>Product</TableCell>
          <TableCell>Serial</TableCell>
          <TableCell>MAC</TableCell>
          <TableCell>Keys</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={`${r.product}|${r.serial}`}>
            <TableCell>{r.product}</TableCell>
            <UnitCell row={r} />
            <TableCell>
              <TextField
                size="small"
                value={macs[i] ?? ''}
                placeholder={MAC_PLACEHOLDER}
                onChange={(e) => setMacs({ ...macs, [i]: e.target.value.toUpperCase() })}
                error={!!errors[i]}
                helperText={errors[i]}
                slotProps={{
                  htmlInput: {
                    maxLength: 17,
                    'aria-label': `MAC for ${r.serial}`,
                    'data-testid': `device-mac-${i}`,
                  },
                }}
              />
            </TableCell>
            <DeviceKeysCell keys={keys.get(r.serial.toLowerCase())} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
