import { MSG } from '@bpm/contract/messages';
import { REPORT_ACTIONS, REPORT_IDS, REPORT_LABELS, type ReportFormat, type ReportId } from '@bpm/contract/reports';
import { Alert, Box, Button, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useCan } from '../../api/auth-store';
import { downloadReport } from '../../api/reports';
import { PageHeader } from '../../components/PageHeader';
import { REPORT_FORMS } from './ReportForms';

/** What a report form hands the buttons: null while its inputs are incomplete. */
export type ReportRequest = ((format: ReportFormat) => { path: string; body?: unknown }) | null;

/** /reports: the selector, then the chosen report's form (document 2 sections 2, 6, 8). */
export default function ReportsPage() {
  const can = useCan();
  const visible = REPORT_IDS.filter((id) => can(REPORT_ACTIONS[id]));
  const [id, setId] = useState<ReportId | ''>(visible.length === 1 ? (visible[0] ?? '') : '');
  const Form = id ? REPORT_FORMS[id] : null;
  return (
    <Box>
      <PageHeader title="Reports" />
      <Paper sx={{ p: 2, maxWidth: 900 }}>
        <TextField
          select
          label="Report"
          value={id}
          onChange={(e) => setId(e.target.value as ReportId)}
          sx={{ minWidth: 320, mb: 2 }}
          data-testid="report-select"
        >
          {visible.map((r) => (
            <MenuItem key={r} value={r} data-testid={`report-option-${r}`}>
              {REPORT_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        {!id && <Typography color="text.secondary">Choose a report.</Typography>}
        {id && Form && <Form key={id} />}
      </Paper>
    </Box>
  );
}

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
