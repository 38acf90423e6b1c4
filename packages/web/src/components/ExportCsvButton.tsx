import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { saveBlob } from '../api/client';
import type { CsvExport } from '../api/entity';

/**
 * 'Export CSV' of a list: `download` (the area's `csvExport`, src/api/<area>.ts) with the list's current params,
 * so the file holds every row the filters select (all pages; the server ignores limit/offset).
 */
export function ExportCsvButton({
  download,
  params,
  testId,
}: {
  download: CsvExport;
  params: object;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await download(params);
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
