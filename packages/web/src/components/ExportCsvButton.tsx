import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { api, saveBlob } from '../api/client';

type Params = Record<string, string | number | boolean | null | undefined>;

/**
 * 'Export CSV' of a list: downloads `{path}/export.csv` with the list's current params, so the file
 * holds every row the filters select (all pages; the server ignores limit/offset).
 */
export function ExportCsvButton({ path, params, testId }: { path: string; params: object; testId?: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await api.download(`${path}/export.csv`, { ...(params as Params) });
      saveBlob(blob, fileName || 'export.csv');
    } catch {
      // api.download has already toasted the failure.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={() => void run()}
      disabled={busy}
      data-testid={testId ?? 'export-csv'}
    >
      Export CSV
    </Button>
  );
}
