import {
  type DocumentMailBody,
  type DocumentMailDraft,
  documentMailBody,
  MAIL_LABELS as L,
  MAIL_MSG,
} from '@bpm/contract/mailing';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  Alert,
  Box,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Typography,
} from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { type MailTarget, useMailDraft, useSendMail } from '../api/mailing';
import { toast } from '../api/notify';
import { FormDialog } from './FormDialog';
import { FormTextField } from './FormTextField';

type Input = z.input<typeof documentMailBody>;

/**
 * 'Send by e-mail' (issue 24 item 2): the dealer's addresses to tick, a message, the document's PDF attached
 * (its name shown). Sent through the server's outbox; the record's history records it.
 */
export function SendEmailDialog({
  open,
  onClose,
  target,
  document,
}: {
  open: boolean;
  onClose: () => void;
  target: MailTarget;
  /** What is sent, e.g. 'Order Confirmation'. */
  document: string;
}) {
  const draft = useMailDraft(target, open);
  const send = useSendMail(target);
  const d = draft.data;
  const blocked = !d?.attachment || !d.recipients.length;
  return (
    <FormDialog<Input, DocumentMailBody>
      open={open}
      title={L.title(document)}
      schema={documentMailBody}
      defaultValues={{ to: d?.recipients[0] ? [d.recipients[0].email] : [], message: '' }}
      key={d ? 'ready' : 'loading'}
      onClose={onClose}
      saveLabel={L.send}
      saveDisabled={blocked}
      testIdPrefix="send-email"
      onSubmit={async (values) => {
        const sent = await send.mutateAsync(values);
        toast(MAIL_MSG.sent(sent.to), 'success');
        onClose();
      }}
    >
      {(form) =>
        !d ? (
          draft.isError ? (
            <Alert severity="error">{(draft.error as Error).message}</Alert>
          ) : (
            <CircularProgress aria-label="Loading" />
          )
        ) : (
          <DraftFields draft={d} form={form} />
        )
      }
    </FormDialog>
  );
}

function DraftFields({
  draft,
  form,
}: {
  draft: DocumentMailDraft;
  form: UseFormReturn<Input, unknown, DocumentMailBody>;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {draft.subject}
      </Typography>
      {draft.recipients.length ? (
        <Controller
          control={form.control}
          name="to"
          render={({ field, fieldState }) => {
            const chosen = new Set(field.value ?? []);
            const toggle = (email: string) =>
              field.onChange(draft.recipients.map((r) => r.email).filter((e) => (e === email) !== chosen.has(e)));
            return (
              <FormControl error={!!fieldState.error} component="fieldset" variant="standard">
                <FormLabel component="legend">{L.to}</FormLabel>
                <FormGroup>
                  {draft.recipients.map((r) => (
                    <FormControlLabel
                      key={r.email}
                      control={
                        <Checkbox
                          checked={chosen.has(r.email)}
                          onChange={() => toggle(r.email)}
                          inputProps={{ 'data-testid': `send-email-to-${r.email}` } as never}
                        />
                      }
                      label={`${r.email} (${r.label})`}
                    />
                  ))}
                </FormGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            );
          }}
        />
      ) : (
        <Alert severity="warning">{MAIL_MSG.noAddresses}</Alert>
      )}
      <FormTextField control={form.control} name="message" label={L.message} multiline minRows={4} />
      {draft.attachment ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="send-email-attachment">
          <AttachFileIcon fontSize="small" aria-label={L.attachment} />
          <Typography variant="body2">{draft.attachment}</Typography>
        </Box>
      ) : (
        <Alert severity="info">{draft.reason}</Alert>
      )}
    </Box>
  );
}
