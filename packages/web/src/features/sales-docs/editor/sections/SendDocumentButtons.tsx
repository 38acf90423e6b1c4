import { MAIL_DOCUMENTS, MAIL_LABELS } from '@bpm/contract/mailing';
import EmailIcon from '@mui/icons-material/Email';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useCan } from '../../../../api/auth-store';
import { SendEmailDialog } from '../../../../components/SendEmailDialog';

/** 'Send by e-mail' of a saved order's OC and invoice, for whoever may see them (issue 24 item 2). */
export function SendDocumentButtons({ orderId }: { orderId: number }) {
  const can = useCan();
  const [open, setOpen] = useState<'oc' | 'invoice' | null>(null);
  const which = (['oc', 'invoice'] as const).filter((w) => can(w === 'oc' ? 'orders.sendOc' : 'orders.sendInvoice'));
  if (!which.length) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
      {which.map((w) => (
        <Button
          key={w}
          size="small"
          startIcon={<EmailIcon />}
          onClick={() => setOpen(w)}
          data-testid={`send-email-${w}`}
        >
          {`${MAIL_LABELS.action}: ${w === 'oc' ? 'OC' : 'Invoice'}`}
        </Button>
      ))}
      {open && (
        <SendEmailDialog
          open
          onClose={() => setOpen(null)}
          target={{ kind: 'order', id: orderId, which: open }}
          document={MAIL_DOCUMENTS[open]}
        />
      )}
    </Stack>
  );
}
