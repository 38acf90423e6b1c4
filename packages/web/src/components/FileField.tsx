import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * A form's file section: heading, 'Choose …' button (the picked file is the parent's state, sent with Save),
 * the stored file's name with View (an image in a dialog, a PDF in a new tab) and optional Delete.
 * Test ids: `${testIdPrefix}-input|name|view|delete|preview`.
 */
export function FileField({
  label,
  testIdPrefix,
  kind,
  file,
  onFileChange,
  canChoose = true,
  storedName,
  download,
  onDelete,
  deleting,
  previewAlt,
  emptyText,
}: {
  /** Section heading, also the image preview dialog's title. */
  label: string;
  testIdPrefix: string;
  kind: 'image' | 'pdf';
  file: File | null;
  onFileChange: (file: File | null) => void;
  canChoose?: boolean;
  /** Name of the stored file; no name, no View/Delete. */
  storedName?: string | null;
  download: () => Promise<{ blob: Blob }>;
  onDelete?: () => void;
  deleting?: boolean;
  previewAlt?: string;
  /** Shown when there is no stored file and no Choose button. */
  emptyText?: ReactNode;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const view = async () => {
    try {
      const { blob } = await download();
      if (kind === 'image') {
        setPreview(URL.createObjectURL(blob));
        return;
      }
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      console.error(err); // the client has toasted the message
    }
  };

  return (
    <>
      <Typography variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {canChoose && (
          <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
            {file ? file.name : kind === 'image' ? 'Choose Image' : 'Choose PDF'}
            <input
              hidden
              type="file"
              accept={kind === 'image' ? 'image/*' : 'application/pdf,.pdf'}
              data-testid={`${testIdPrefix}-input`}
              onChange={(e) => onFileChange(e.target.files?.[0] ?? null)}
            />
          </Button>
        )}
        {storedName && (
          <>
            <Typography variant="body2" color="text.secondary" data-testid={`${testIdPrefix}-name`}>
              {storedName}
            </Typography>
            <Button startIcon={<VisibilityIcon />} data-testid={`${testIdPrefix}-view`} onClick={view}>
              View
            </Button>
            {onDelete && (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                data-testid={`${testIdPrefix}-delete`}
                disabled={deleting}
                onClick={onDelete}
              >
                Delete
              </Button>
            )}
          </>
        )}
        {!storedName && !canChoose && emptyText && (
          <Typography variant="body2" color="text.secondary">
            {emptyText}
          </Typography>
        )}
      </Stack>
      <Dialog open={!!preview} onClose={() => setPreview(null)} maxWidth="md">
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          {preview && (
            <Box
              component="img"
              src={preview}
              alt={previewAlt ?? label}
              sx={{ maxWidth: '100%' }}
              data-testid={`${testIdPrefix}-preview`}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
