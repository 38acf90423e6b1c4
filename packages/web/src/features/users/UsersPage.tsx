import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import { ROLE_LABELS } from '@bpm/contract/roles';
import type { UserRow } from '@bpm/contract/users';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Chip, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDeleteUser, useUsers } from '../../api/users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { SearchBox } from '../../components/filters/SearchBox';
import { PageHeader } from '../../components/PageHeader';
import { usePersistentState } from '../../components/use-persistent-state';

const DEFAULTS = {
  search: '',
  sort: 'username' as 'username' | 'active',
  order: 'asc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** /users (administrator): 'Add / Edit User' (document 1 section 2.11). */
export default function UsersPage() {
  const [s, set] = usePersistentState('users', DEFAULTS);
  const navigate = useNavigate();
  const q = useUsers({
    search: s.search,
    sort: s.sort,
    order: s.order,
    limit: s.pageSize,
    offset: s.page * s.pageSize,
  });
  const del = useDeleteUser();
  const [toDelete, setToDelete] = useState<UserRow | null>(null);

  const columns: Column<UserRow>[] = [
    {
      key: 'name',
      header: 'User',
      sortKey: 'username',
      render: (u) => (
        <Box>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography fontWeight={500} data-testid="user-name">
              {u.first_name} {u.last_name} ({ROLE_LABELS[u.user_role] ?? u.user_role})
            </Typography>
            {u.active !== 1 && <Chip label="Disabled" color="error" size="small" data-testid="user-disabled" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="user-username">
            {u.username}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'company',
      header: 'Company',
      render: (u) => [u.company_name, u.country].filter(Boolean).join(', '),
    },
    { key: 'email', header: 'E-mail' },
    { key: 'active', header: 'Status', sortKey: 'active', render: (u) => (u.active === 1 ? 'Active' : 'Disabled') },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 64,
      render: (u) => (
        <Tooltip title="Delete">
          <IconButton
            aria-label={`Delete ${u.username}`}
            data-testid="user-delete"
            onClick={(e) => {
              e.stopPropagation();
              setToDelete(u);
            }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title="Add / Edit User"
        actions={
          <Button component={Link} to="/users/add" variant="contained" startIcon={<AddIcon />} data-testid="user-add">
            Add User
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <SearchBox value={s.search} onChange={(search) => set({ search, page: 0 })} testId="users-search" />
        <TextField
          select
          label="Sort by"
          value={s.sort}
          onChange={(e) => set({ sort: e.target.value as 'username' | 'active', page: 0 })}
          sx={{ width: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'users-sort' } }}
        >
          <MenuItem value="username">User Name</MenuItem>
          <MenuItem value="active">Disabled</MenuItem>
        </TextField>
      </Stack>
      <DataTable
        testId="users-table"
        aria-label="Users"
        columns={columns}
        rows={q.data?.rows ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        rowKey={(u) => u.id}
        page={s.page}
        pageSize={s.pageSize}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(pageSize) => set({ pageSize, page: 0 })}
        sort={{ sort: s.sort, order: s.order }}
        onSortChange={(v) =>
          set({ sort: (v.sort as 'username' | 'active') ?? 'username', order: v.order ?? 'asc', page: 0 })
        }
        onRowClick={(u) => navigate(`/users/edit/${u.id}`)}
        emptyText="No users found"
      />
      <ConfirmDialog
        open={!!toDelete}
        message={MSG.deleteUserConfirm}
        busy={del.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const u = toDelete;
          setToDelete(null);
          // On success the refreshed list no longer has the row; failures are only logged (doc 1 §8).
          if (u) del.mutate(u.id, { onError: (err) => console.error('delete user failed', err) });
        }}
      />
    </Box>
  );
}
