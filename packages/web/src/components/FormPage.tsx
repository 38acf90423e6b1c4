import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, type RefObject, useRef } from 'react';
import { useParams } from 'react-router';
import { type Conflict, ConflictBanner } from './ConflictBanner';
import { reportInvalid, useLeaveGuard } from './form-behaviour';
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
 * An add/edit form page: header, conflict banner, notice, the fields and the save bar (`extraActions`; Cancel
 * `${testIdPrefix}-cancel` and Save `${testIdPrefix}-save`). Every form inherits the form behaviour: a failed
 * submit scrolls to and focuses the first highlighted field and toasts 'Please correct the highlighted fields.';
 * a changed form (`dirty`) asks before it is left.
 *
 * `layout="paper"` puts the fields on one Paper with the bar under them; `layout="sections"` is for forms whose
 * children are their own Papers: the bar sticks to the bottom, Cancel on the left.
 */
export function FormPage({
  onSubmit,
  header,
  conflict,
  notice,
  testIdPrefix,
  onCancel,
  cancelLabel = 'Cancel',
  cancelTestId,
  canSave = true,
  saving,
  dirty = false,
  layout = 'paper',
  formRef,
  extraActions,
  children,
  after,
}: {
  onSubmit: (e: FormEvent<HTMLFormElement>) => unknown;
  header?: ReactNode;
  conflict: Conflict;
  notice?: ReactNode;
  testIdPrefix: string;
  onCancel: () => void;
  cancelLabel?: string;
  cancelTestId?: string;
  canSave?: boolean;
  saving: boolean;
  /** Unsaved changes: leaving asks first. */
  dirty?: boolean;
  layout?: 'paper' | 'sections';
  /** The form element, for callers that validate outside a submit (see reportInvalid). */
  formRef?: RefObject<HTMLFormElement | null>;
  extraActions?: ReactNode;
  children: ReactNode;
  /** Dialogs and anything else outside the Paper. */
  after?: ReactNode;
}) {
  const ownRef = useRef<HTMLFormElement | null>(null);
  const ref = formRef ?? ownRef;
  const guard = useLeaveGuard(dirty);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    await guard.whileSubmitting(async () => onSubmit(e));
    await reportInvalid(ref.current);
  };
  const cancel = (
    <Button onClick={onCancel} data-testid={cancelTestId ?? `${testIdPrefix}-cancel`}>
      {cancelLabel}
    </Button>
  );
  const save = canSave && (
    <Button type="submit" variant="contained" disabled={saving} data-testid={`${testIdPrefix}-save`}>
      Save
    </Button>
  );
  return (
    <Box component="form" noValidate onSubmit={submit} ref={ref}>
      {header}
      <ConflictBanner conflict={conflict} testIdPrefix={testIdPrefix} />
      {notice}
      {layout === 'paper' ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {children}
          <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }} flexWrap="wrap" useFlexGap>
            {extraActions}
            <Box sx={{ flexGrow: 1 }} />
            {cancel}
            {save}
          </Stack>
        </Paper>
      ) : (
        <>
          {children}
          <Paper
            variant="outlined"
            sx={{ p: 1.5, position: 'sticky', bottom: 0, zIndex: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            {cancel}
            <Box sx={{ flexGrow: 1 }} />
            {extraActions}
            {save}
          </Paper>
        </>
      )}
      {after}
      {guard.dialog}
    </Box>
  );
}
