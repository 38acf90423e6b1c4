import { MSG } from '@bpm/contract/messages';
import type { OrderFileField } from '@bpm/contract/orders';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadIcon from '@mui/icons-material/Upload';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { saveBlob } from '../../../api/client';
import { toast } from '../../../api/notify';
import { type DocKind, downloadDocFile } from '../../../api/orders';
import { isPdf } from './doc-form';

export const FILE_LABELS: Record<OrderFileField, string> = {
  oc_pdf: 'OC PDF',
  invoice_pdf: 'Invoice PDF',
  shipping_invoice_pdf: 'Shipping Invoice PDF',
  shipping_packing_list_pdf: 'Shipping Packing List PDF',
};

/** The document's PDFs: current file (view / download), choose a new one (sent with the next save). */
export function DocFiles({
  kind,
  docId,
  admin,
  fields,
  uploads,
  required = [],
  names,
  pending,
  errors,
  onChoose,
  onError,
  generate,
}: {
  kind: DocKind;
  docId?: number;
  admin: boolean;
  fields: readonly OrderFileField[];
  uploads: readonly OrderFileField[];
  /** Files the save requires (marked like a required field). */
  required?: readonly OrderFileField[];
  /** Stored file names by field (from the loaded document). */
  names: Partial<Record<OrderFileField, string | null>>;
  pending: Partial<Record<OrderFileField, File>>;
  errors: Partial<Record<OrderFileField, string>>;
  onChoose: (field: OrderFileField, file: File) => void;
  onError: (field: OrderFileField, message: string | undefined) => void;
  /** Generate buttons (orders, sales view), keyed by field. */
  generate?: Partial<Record<OrderFileField, { label: string; busy: boolean; run: () => void }>>;
}) {
  const fetchFile = async (field: OrderFileField, view: boolean) => {
    if (!docId) return;
    try {
      const { blob, fileName } = await downloadDocFile(kind, field, docId, admin);
      if (view) {
        const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        window.open(url, '_blank', 'noopener');
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else saveBlob(blob, fileName || names[field] || `${field}.pdf`);
    } catch (err) {
      console.error(err); // the client has toasted the message
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {fields.map((field) => {
        const name = names[field];
        const chosen = pending[field];
        const gen = generate?.[field];
        return (
          <Box
            key={field}
            data-testid={`file-${field}`}
            // An error makes the box the failed submit's focus target (components/form-behaviour.tsx).
            data-invalid={errors[field] ? 'true' : undefined}
            tabIndex={errors[field] ? -1 : undefined}
            sx={{ border: 1, borderColor: errors[field] ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}
          >
            <Typography variant="subtitle2">
              {FILE_LABELS[field]}
              {required.includes(field) && (
                <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
                  {' *'}
                </Box>
              )}
            </Typography>
            <Typography
              variant="body2"
              color={chosen || name ? 'text.primary' : 'text.secondary'}
              sx={{ my: 0.5, wordBreak: 'break-all' }}
              data-testid={`file-${field}-name`}
            >
              {chosen ? `${chosen.name} (saved with the document)` : name || 'No file'}
            </Typography>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              {uploads.includes(field) && (
                <Button component="label" size="small" variant="outlined" startIcon={<UploadIcon />}>
                  Upload
                  <input
                    hidden
                    type="file"
                    accept="application/pdf,.pdf"
                    data-testid={`file-${field}-input`}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      e.target.value = '';
                      if (!file) return;
                      if (!isPdf(file)) {
                        onError(field, MSG.pdfOnly);
                        toast(MSG.pdfOnly, 'error');
                        return;
                      }
                      onError(field, undefined);
                      onChoose(field, file);
                    }}
                  />
                </Button>
              )}
              {name && docId && (
                <>
                  <Button size="small" startIcon={<VisibilityIcon />} onClick={() => fetchFile(field, true)}>
                    View
                  </Button>
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    onClick={() => fetchFile(field, false)}
                    data-testid={`file-${field}-download`}
                  >
                    Download
                  </Button>
                </>
              )}
              {gen && (
                <Button
                  size="small"
                  startIcon={<PictureAsPdfIcon />}
                  disabled={gen.busy}
                  onClick={gen.run}
                  data-testid={`file-${field}-generate`}
                >
                  {gen.label}
                </Button>
              )}
            </Stack>
            {errors[field] && (
              <FormHelperText error data-testid={`file-${field}-error`}>
                {errors[field]}
              </FormHelperText>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
