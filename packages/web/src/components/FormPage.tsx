import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEventHandler, ReactNode } from 'react';
import { useParams } from 'react-router';
import { type Conflict, ConflictBanner } from './ConflictBanner';
import { PageLoader } from './PageLoader';

/** A numeric route parameter (`/dealers/edit/:DealerId`), undefined on the add route. */
export function useIdParam(name: string): number | undefined {
  const value = useParams()[name];
  return value ? Number(value) : undefined;
}

/**
 * The add/edit page's gate: on edit it waits for the record (a failed load shows its message in place), then
 * renders the form with the record (undefined on add).
 */
export function RecordGate<T>({
  id,
  query,
  children,
}: {
  id: number | undefined;
  query: UseQueryResult<T>;
  children: (record: T | undefined) => ReactNode;
}) {
  if (id && !query.data) {
    return query.isError ? <Alert severity="error">{(query.error as Error).message}</Alert> : <PageLoader />;
  }
  return children(query.data);
}

/** The form's field grid: one column on phones, `columns` from md up. */
export function FormGrid({ columns = 2, mt, children }: { columns?: 2 | 3; mt?: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: columns === 3 ? '1fr 1fr 1fr' : '1fr 1fr' },
        mt,
      }}
    >
      {children}
    </Box>
  );
}

/**
 * An add/edit form page: header, conflict banner, notice, the fields on a Paper and the save bar
 * (`extraActions` on the left; Cancel `${testIdPrefix}-cancel` and Save `${testIdPrefix}-save` on the right).
 */
export function FormPage({
  onSubmit,
  header,
  conflict,
  notice,
  testIdPrefix,
  onCancel,
  cancelLabel = 'Cancel',
  canSave = true,
  saving,
  extraActions,
  children,
  after,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  header?: ReactNode;
  conflict: Conflict;
  notice?: ReactNode;
  testIdPrefix: string;
  onCancel: () => void;
  cancelLabel?: string;
  canSave?: boolean;
  saving: boolean;
  extraActions?: ReactNode;
  children: ReactNode;
  /** Dialogs and anything else outside the Paper. */
  after?: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {header}
      <ConflictBanner conflict={conflict} testIdPrefix={testIdPrefix} />
      {notice}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {children}
        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }} flexWrap="wrap" useFlexGap>
          {extraActions}
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={onCancel} data-testid={`${testIdPrefix}-cancel`}>
            {cancelLabel}
          </Button>
          {canSave && (
            <Button type="submit" variant="contained" disabled={saving} data-testid={`${testIdPrefix}-save`}>
              Save
            </Button>
          )}
        </Stack>
      </Paper>
      {after}
    </Box>
  );
}
