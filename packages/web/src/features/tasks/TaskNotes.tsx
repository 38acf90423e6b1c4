import { MSG } from '@bpm/contract/messages';
import { TASK_MSG } from '@bpm/contract/tasks';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Avatar,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  Menu,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { type NoteRow, useBatchPermission, useNotes, useWorkMutation, workApi } from '../../api/work';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { fullName, initials, noteTime } from '../../components/task-ui';

const msgOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Notes of a task: Enter sends, Shift+Enter adds a line; edit/delete where the batch check allows. */
export function TaskNotes({
  taskId,
  projectId,
  canAdd,
}: {
  taskId: number;
  projectId: number | null;
  canAdd: boolean;
}) {
  const notes = useNotes(taskId);
  const rows = notes.data?.rows ?? [];
  const batch = useBatchPermission(
    projectId,
    'can_manage_notes',
    rows.map((n) => n.id),
  );
  const mayManage = (n: NoteRow) => (projectId ? !!batch[String(n.id)] : n.can_manage);
  const edit = useWorkMutation((a: { id: number; note: string }) => workApi.editNote(a.id, a.note));
  const del = useWorkMutation((id: number) => workApi.deleteNote(id));
  const [editing, setEditing] = useState<{ id: number; note: string } | null>(null);
  const [menu, setMenu] = useState<{ el: HTMLElement; note: NoteRow } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const deleteNow = async (id: number) => {
    try {
      await del.mutateAsync(id);
    } catch (err) {
      toast(MSG.failedDeleteNote(msgOf(err)), 'error');
    } finally {
      setDeleting(null);
    }
  };

  const saveEdit = async () => {
    if (!editing?.note.trim()) return;
    try {
      await edit.mutateAsync({ id: editing.id, note: editing.note.trim() });
      setEditing(null);
    } catch (err) {
      toast(MSG.failedUpdateNote(msgOf(err)), 'error');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="task-notes">
      <Typography variant="h6" gutterBottom>
        Notes ({notes.data?.total ?? 0})
      </Typography>
      {notes.isError && (
        <Typography color="error">
          {MSG.failedLoadNotes(msgOf(notes.error instanceof ApiError ? notes.error : notes.error))}
        </Typography>
      )}
      <List dense sx={{ maxHeight: 400, overflowY: 'auto' }} data-testid="notes-list">
        {rows.map((n) => (
          <ListItem key={n.id} alignItems="flex-start" data-testid="note" sx={{ gap: 1 }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'grey.700' }}>
              {initials(n.author_first_name, n.author_last_name)}
            </Avatar>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="subtitle2" component="span">
                {fullName(n.author_first_name, n.author_last_name)}
              </Typography>{' '}
              <Typography variant="caption" color="text.secondary">
                {noteTime(n.date_added)}
                {n.date_modified !== n.date_added && ' (edited)'}
              </Typography>
              {editing?.id === n.id ? (
                <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                  <TextField
                    fullWidth
                    multiline
                    size="small"
                    value={editing.note}
                    onChange={(e) => setEditing({ id: n.id, note: e.target.value })}
                    slotProps={{ htmlInput: { 'data-testid': 'note-edit-input' } }}
                  />
                  <Button onClick={saveEdit} data-testid="note-edit-save">
                    Save
                  </Button>
                  <Button onClick={() => setEditing(null)}>Cancel</Button>
                </Stack>
              ) : (
                <Typography
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                  data-testid="note-text"
                >
                  {n.note}
                </Typography>
              )}
            </Box>
            {mayManage(n) && (
              <IconButton
                size="small"
                aria-label="Note actions"
                data-testid="note-menu"
                onClick={(e) => setMenu({ el: e.currentTarget, note: n })}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
            )}
          </ListItem>
        ))}
      </List>
      <Menu open={!!menu} anchorEl={menu?.el} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            if (menu) setEditing({ id: menu.note.id, note: menu.note.note });
            setMenu(null);
          }}
        >
          Edit
        </MenuItem>
        <MenuItem
          data-testid="note-delete"
          onClick={() => {
            // Asked first: a deleted note cannot be brought back.
            if (menu) setDeleting(menu.note.id);
            setMenu(null);
          }}
        >
          Delete
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={deleting != null}
        title="Delete Note"
        message={TASK_MSG.deleteNoteConfirm}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        destructive
        busy={del.isPending}
        testId="note-delete-dialog"
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting != null && void deleteNow(deleting)}
      />
      {canAdd && <NoteInput taskId={taskId} />}
    </Paper>
  );
}

/** The new note's box: Enter sends, Shift+Enter adds a line. */
function NoteInput({ taskId }: { taskId: number }) {
  const [text, setText] = useState('');
  const add = useWorkMutation((note: string) => workApi.addNote(taskId, note));
  const send = async () => {
    const note = text.trim();
    if (!note || add.isPending) return;
    // Cleared at once (a second Enter cannot send it twice); given back if the note was not added.
    setText('');
    try {
      await add.mutateAsync(note);
    } catch (err) {
      setText((typed) => typed || text);
      toast(MSG.failedAddNote(msgOf(err)), 'error');
    }
  };
  return (
    <TextField
      fullWidth
      multiline
      minRows={2}
      placeholder="Write a note… (Enter to send, Shift+Enter for a new line)"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          void send();
        }
      }}
      slotProps={{ htmlInput: { 'data-testid': 'note-input', maxLength: 10000 } }}
    />
  );
}
