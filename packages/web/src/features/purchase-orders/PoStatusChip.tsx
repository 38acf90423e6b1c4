import { PO_STATUS_COLORS, PO_STATUS_LABELS, type PoStatus } from '@bpm/contract/purchase-orders';
import { Chip, Tooltip } from '@mui/material';

/** The status chip; a cancelled PO shows its reason on hover (section 4). */
export function PoStatusChip({ status, reason }: { status: PoStatus; reason?: string }) {
  const chip = (
    <Chip
      size="small"
      label={PO_STATUS_LABELS[status] ?? status}
      color={PO_STATUS_COLORS[status] ?? 'default'}
      data-testid="po-status-chip"
    />
  );
  return status === 'cancelled' && reason ? (
    <Tooltip title={reason} data-testid="po-cancel-reason">
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
