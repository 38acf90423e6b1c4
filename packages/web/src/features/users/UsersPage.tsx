import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import { ROLE_LABELS } from '@bpm/contract/roles';
import type { UserRow } from '@bpm/contract/users';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Chip, IconButton, Link, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDeleteUser, useUsers } from '../../api/users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Column } from '../../components/DataTable';
import { SearchBox } from '../../components/filters/SearchBox';
import { AddButton, FilterRow, ListPage, ListTable, useListPageState } from '../../components/ListPage';

const DEFAULTS = {
  search: '',
  sort: 'username' as 'username' | 'active',
  order: 'asc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** /users (administrator): 'Add / Edit User' (document 1 section 2.11); rows link to /users/edit/{UserId}. */
export default function UsersPage() {
  const { state: s, set, filter, paging } = useListPageState('users', DEFAULTS);
  const q = useUsers({ search: s.search, sort: s.sort, order: s.order, ...paging });
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
            <Link
              component={RouterLink}
              to={`/users/edit/${u.id}`}
              color="inherit"
              underline="hover"
              fontWeight={500}
              data-testid="user-name"
              onClick={(e) => e.stopPropagation()}
            >
              {u.first_name} {u.last_name} ({ROLE_LABELS[u.user_role] ?? u.user_role})
            </Link>
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
    <ListPage
      title="Add / Edit User"
      actions={
        <AddButton to="/users/add" testId="user-add">
          Add User
        </AddButton>
      }
      filters={
        <FilterRow stackBelow="sm">
          <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="users-search" />
          <TextField
            select
            label="Sort by"
            value={s.sort}
            onChange={(e) => filter({ sort: e.target.value as 'username' | 'active' })}
            sx={{ width: 180 }}
            slotProps={{ htmlInput: { 'data-testid': 'users-sort' } }}
          >
            <MenuItem value="username">User Name</MenuItem>
            <MenuItem value="active">Disabled</MenuItem>
          </TextField>
        </FilterRow>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        fallbackSort={{ sort: 'username', order: 'asc' }}
        testId="users-table"
        aria-label="Users"
        columns={columns}
        rowKey={(u) => u.id}
        rowHref={(u) => `/users/edit/${u.id}`}
        rowLabel={(u) => `User ${u.username}`}
        emptyText="No users found"
      />
      <ConfirmDialog
        open={!!toDelete}
        title={toDelete ? `Delete user ${toDelete.username}` : undefined}
        message={MSG.deleteUserConfirm}
        destructive
        busy={del.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const u = toDelete;
          setToDelete(null);
          // On success the refreshed list no longer has the row; failures are only logged (doc 1 §8).
          if (u) del.mutate(u.id, { onError: (err) => console.error('delete user failed', err) });
        }}
      />
    </ListPage>
  );
}
