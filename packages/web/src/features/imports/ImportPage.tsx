import {
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_MSG,
  type ImportKind,
  type ImportPreview,
} from '@bpm/contract/imports';
import { MSG } from '@bpm/contract/messages';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { commitImport, previewImport } from '../../api/imports';
import { toast } from '../../api/notify';
import { PageHeader } from '../../components/PageHeader';

/** Rows shown in the preview table: errors first, then the rest, up to this many. */
const SHOWN = 500;

/** The failure's text: the server's field message for the file, its message, or 'Import failed'. */
const failure = (err: unknown) =>
  err instanceof ApiError ? (err.fieldErrors.file ?? err.message ?? MSG.importFailed) : MSG.importFailed;

/** /import (administrator): a CSV of dealers, products, part components or suppliers; preview, then Confirm. */
export default function ImportPage() {
  const [kind, setKind] = useState<ImportKind>('dealers');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (f: File | null) => {
    setPreview(null);
    setError(null);
    if (f && !/\.csv$/i.test(f.name)) {
      setFile(null);
      setError(MSG.selectCsv);
      return;
    }
    setFile(f);
  };
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  const doPreview = () =>
    run(async () => {
      if (file) setPreview(await previewImport(kind, file));
    });
  const doCommit = () =>
    run(async () => {
      if (!file || !preview) return;
      const r = await commitImport(kind, file, preview.token);
      toast(IMPORT_MSG.done(r.created, r.updated), 'success');
      setPreview(null);
      setFile(null);
    });
  const rows = preview
    ? [...preview.rows.filter((r) => r.action === 'error'), ...preview.rows.filter((r) => r.action !== 'error')]
    : [];

  return (
    <>
      <PageHeader title={IMPORT_MSG.title} />
      <Paper sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={IMPORT_MSG.kindLabel}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as ImportKind);
            setPreview(null);
          }}
          sx={{ minWidth: 200 }}
          data-testid="import-kind"
        >
          {IMPORT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {IMPORT_KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" component="label">
          {file ? file.name : IMPORT_MSG.fileLabel}
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            data-testid="import-file"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Button
          variant="contained"
          disabled={!file || busy}
          onClick={() => void doPreview()}
          data-testid="import-preview"
        >
          {IMPORT_MSG.preview}
        </Button>
        <Button
          variant="contained"
          color="success"
          disabled={!preview || busy || preview.errors > 0 || preview.create + preview.update === 0}
          onClick={() => void doCommit()}
          data-testid="import-confirm"
        >
          {IMPORT_MSG.confirm}
        </Button>
      </Paper>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="import-error">
          {error}
        </Alert>
      )}
      {preview && <PreviewTable preview={preview} rows={rows.slice(0, SHOWN)} />}
    </>
  );
}

function PreviewTable({ preview, rows }: { preview: ImportPreview; rows: ImportPreview['rows'] }) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography sx={{ mb: 1 }} data-testid="import-summary">
        {IMPORT_MSG.summary(preview.create, preview.update, preview.errors)}
      </Typography>
      {preview.errors > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {IMPORT_MSG.hasErrors}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Import preview" data-testid="import-rows">
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              <TableCell>Record</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Errors</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.line}>
                <TableCell>{r.line}</TableCell>
                <TableCell>{r.key}</TableCell>
                <TableCell>{r.action}</TableCell>
                <TableCell>
                  {Object.entries(r.errors ?? {}).map(([field, message]) => (
                    <div key={field}>
                      {field}: {message}
                    </div>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
