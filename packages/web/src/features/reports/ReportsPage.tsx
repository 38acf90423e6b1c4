import { REPORT_ACTIONS, REPORT_IDS, REPORT_LABELS, type ReportId } from '@bpm/contract/reports';
import { Box, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useCan } from '../../api/auth-store';
import { PageHeader } from '../../components/PageHeader';
import { REPORT_FORMS } from './ReportForms';

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
