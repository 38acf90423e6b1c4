import { MAIL_DOCUMENTS, MAIL_LABELS } from '@bpm/contract/mailing';
import EmailIcon from '@mui/icons-material/Email';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useCan } from '../../api/auth-store';
import type { MailTarget } from '../../api/mailing';
import { SendEmailDialog } from '../../components/SendEmailDialog';

/** 'Send by e-mail' of the dealer statement chosen above (issue 24 item 2); `target` null until dealer and dates are. */
export function SendStatementButton({ target }: { target: MailTarget | null }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('reports.sendDealerStatement')) return null;
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<EmailIcon />}
        disabled={!target}
        onClick={() => setOpen(true)}
        data-testid="send-email-statement"
      >
        {MAIL_LABELS.action}
      </Button>
      {open && target && (
        <SendEmailDialog open onClose={() => setOpen(false)} target={target} document={MAIL_DOCUMENTS.statement} />
      )}
    </Box>
  );
}
