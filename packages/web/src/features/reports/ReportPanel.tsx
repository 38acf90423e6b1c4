import { MSG } from '@bpm/contract/messages';
import type { ReportFormat } from '@bpm/contract/reports';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { downloadReport } from '../../api/reports';

/** What a report form hands the buttons: null while its inputs are incomplete. */
export type ReportRequest = ((format: ReportFormat) => { path: string; body?: unknown }) | null;

/** A report form: its inputs, then the PDF and CSV buttons, progress while generating and an error alert. */
export function ReportPanel({
  title,
  children,
  request,
}: {
  title: string;
  children?: ReactNode;
  request: ReportRequest;
}) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [error, setError] = useState('');
  const run = async (format: ReportFormat) => {
    if (!request) return;
    setBusy(format);
    setError('');
    try {
      const { path, body } = request(format);
      await downloadReport(path, format, body);
    } catch (err) {
      setError((err as Error).message || MSG.reportDownloadFailed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box data-testid="report-form">
      <Typography variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children && (
        <Stack spacing={2} sx={{ mb: 2 }}>
          {children}
        </Stack>
      )}
      <Stack direction="row" spacing={1}>
        {(['pdf', 'csv'] as const).map((f) => (
          <Button
            key={f}
            variant="contained"
            disabled={!request || busy !== null}
            onClick={() => run(f)}
            data-testid={`report-${f}`}
          >
            {f.toUpperCase()}
          </Button>
        ))}
      </Stack>
      {busy && (
        <Box sx={{ mt: 2 }} data-testid="report-progress">
          <Typography variant="body2">Generating {busy.toUpperCase()}…</Typography>
          <LinearProgress />
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="report-error" onClose={() => setError('')}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
