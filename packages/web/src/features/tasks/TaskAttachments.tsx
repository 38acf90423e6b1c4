import { MSG } from '@bpm/contract/messages';
import { TASK_MSG } from '@bpm/contract/tasks';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { Button, IconButton, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { saveBlob } from '../../api/client';
import { toast } from '../../api/notify';
import { type AttachmentRow, useAttachments, useBatchPermission, useWorkMutation, workApi } from '../../api/work';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { fullName } from '../../components/task-ui';

const msgOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const size = (n: number) =>
  n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`;

/** Attachments of a task: any file type, up to the server's size limit; download keeps the file name. */
export function TaskAttachments({
  taskId,
  projectId,
  canAdd,
}: {
  taskId: number;
  projectId: number | null;
  canAdd: boolean;
}) {
  const list = useAttachments(taskId);
  const rows = list.data?.rows ?? [];
  const batch = useBatchPermission(
    projectId,
    'can_manage_attachments',
    rows.map((a) => a.id),
  );
  const mayDelete = (a: AttachmentRow) => (projectId ? !!batch[String(a.id)] : a.can_manage);
  const input = useRef<HTMLInputElement>(null);
  const upload = useWorkMutation((file: File) => workApi.upload(taskId, file));
  const del = useWorkMutation((id: number) => workApi.deleteAttachment(id));
  const [deleting, setDeleting] = useState<AttachmentRow | null>(null);
  const deleteNow = async (a: AttachmentRow) => {
    try {
      await del.mutateAsync(a.id);
      toast(MSG.attachmentDeleted, 'success');
    } catch (err) {
      toast(MSG.failedDeleteAttachment(msgOf(err)), 'error');
    } finally {
      setDeleting(null);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) {
      toast(MSG.selectFile, 'error');
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast(MSG.attachmentUploaded, 'success');
    } catch (err) {
      toast(MSG.failedUpload(msgOf(err)), 'error');
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="task-attachments">
      <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          Attachments ({list.data?.total ?? 0})
        </Typography>
        {canAdd && (
          <>
            <input
              ref={input}
              type="file"
              hidden
              data-testid="attachment-input"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <Button
              startIcon={<UploadIcon />}
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
              data-testid="attachment-upload"
            >
              Upload
            </Button>
          </>
        )}
      </Stack>
      {list.isError && <Typography color="error">{MSG.failedLoadAttachments}</Typography>}
      <List dense>
        {rows.map((a) => (
          <ListItem
            key={a.id}
            data-testid="attachment"
            secondaryAction={
              <>
                <IconButton
                  aria-label="Download"
                  onClick={async () => {
                    const { blob, fileName } = await workApi.download(a.id);
                    saveBlob(blob, fileName || a.file_name);
                  }}
                >
                  <DownloadIcon />
                </IconButton>
                {mayDelete(a) && (
                  <IconButton
                    aria-label="Delete attachment"
                    data-testid="attachment-delete"
                    onClick={() => setDeleting(a)}
                  >
                    <DeleteIcon />
                  </IconButton>
                )}
              </>
            }
          >
            <ListItemText
              primary={a.file_name}
              secondary={`${size(a.size)} · ${fullName(a.first_name, a.last_name)} · ${formatDateTime(a.date_uploaded)}`}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={!!deleting}
        title="Delete Attachment"
        message={TASK_MSG.deleteAttachmentConfirm(deleting?.file_name ?? '')}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        destructive
        busy={del.isPending}
        testId="attachment-delete-dialog"
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void deleteNow(deleting)}
      />
    </Paper>
  );
}
