import { BACKUP_MSG } from '@bpm/contract/backup';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { downloadBackup } from '../../api/backup';
import { saveBlob } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';

/** /settings/backup (administrator): downloads a backup of the database and every uploaded file. */
export default function BackupPage() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadBackup();
      saveBlob(blob, fileName || 'bpm-backup.tar.gz');
    } catch {
      // api.download has already toasted the failure.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title={BACKUP_MSG.downloadTitle} />
      <Paper sx={{ p: 2, maxWidth: 720 }}>
        <Typography sx={{ mb: 2 }}>{BACKUP_MSG.downloadIntro}</Typography>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          onClick={() => void run()}
          disabled={busy}
          data-testid="backup-download"
        >
          {BACKUP_MSG.downloadButton}
        </Button>
      </Paper>
    </>
  );
}
