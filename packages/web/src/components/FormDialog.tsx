import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, applyServerErrors } from '../api/errors';
import { ConfirmDialog } from './ConfirmDialog';
import { ConflictBanner, useConflict } from './ConflictBanner';
import { reportInvalid } from './form-behaviour';
import { UI_MSG } from './ui-messages';

/** A question asked before the save goes out (ConfirmDialog: Yes saves, No returns to the form). */
export interface SaveQuestion {
  title: string;
  message: string;
}

export interface FormDialogProps<TIn extends FieldValues, TOut extends FieldValues> {
  open: boolean;
  title: ReactNode;
  /** zod schema from the contract: same rules and messages as the server. */
  schema?: z.ZodType<TOut, TIn>;
  /** Instead of `schema`: validates the values some other way (e.g. the contract's schema with ids added). */
  resolver?: Resolver<TIn, unknown, TOut>;
  defaultValues: DefaultValues<TIn>;
  /** Save; throw (e.g. the ApiError of a mutation) to keep the dialog open. Field errors land on fields. */
  onSubmit: (values: TOut) => Promise<unknown>;
  onClose: () => void;
  /** The inputs; use FormTextField with `form.control`. */
  children: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
  /**
   * Reload after a `stale_version` 409: refetches the record and answers the form's values from it. With it a
   * stale save shows the server's message (who changed it, when) with a Reload button.
   */
  reload?: () => Promise<DefaultValues<TIn> | undefined>;
  /** A question to ask before saving these values, or undefined to save straight away. */
  confirm?: (values: TOut) => SaveQuestion | undefined;
  /**
   * Show every failed save in the dialog (the server's message, else this text) — for saves that do not toast.
   * Without it only a 409 without field errors is shown here.
   */
  failMessage?: string;
  saveLabel?: string;
  /** The closing button's label ('Close' where 'Cancel' would name the action, e.g. Cancel PO). */
  cancelLabel?: string;
  /** The save destroys or ends something (Cancel PO): shown in the error colour. */
  danger?: boolean;
  /** Save cannot be pressed (e.g. there is nothing to choose from). */
  saveDisabled?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  testId?: string;
  /** Test ids `${prefix}-save`, `-cancel`, `-conflict`, `-reload`; 'dialog' unless given. */
  testIdPrefix?: string;
}

/**
 * A dialog with a react-hook-form + zod form, Save and Cancel; pessimistic save. Server field errors land on their
 * fields; a stale save offers Reload (with `reload`); `confirm` asks before saving.
 */
export function FormDialog<TIn extends FieldValues, TOut extends FieldValues = TIn>(p: FormDialogProps<TIn, TOut>) {
  const form = useForm<TIn, unknown, TOut>({
    resolver: p.resolver ?? (zodResolver(p.schema as never) as never),
    defaultValues: p.defaultValues,
  });
  const prefix = p.testIdPrefix ?? 'dialog';
  const [banner, setBanner] = useState<string>();
  const [question, setQuestion] = useState<{ values: TOut } & SaveQuestion>();
  const [saving, setSaving] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const formEl = useRef<HTMLFormElement | null>(null);
  const { reset } = form;
  const conflict = useConflict(
    async () => ({ data: await p.reload?.() }),
    (fresh) => reset(fresh),
  );
  const clearConflict = conflict.set;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset to the values given when (re)opened
  useEffect(() => {
    if (p.open) {
      reset(p.defaultValues);
      setBanner(undefined);
      clearConflict(null);
    }
  }, [p.open]);

  const send = async (values: TOut) => {
    setBanner(undefined);
    conflict.set(null);
    setSaving(true);
    try {
      await p.onSubmit(values);
    } catch (err) {
      const api = err instanceof ApiError ? err : undefined;
      const fieldErrors = api?.fieldErrors ?? {};
      if (api?.code === 'stale_version' && p.reload) conflict.set(api.message);
      else if (p.failMessage) setBanner(api?.message ?? p.failMessage);
      else if (api?.status === 409 && !Object.keys(fieldErrors).length) setBanner(api.message);
      if (Object.keys(fieldErrors).length) applyServerErrors(form.setError as never, fieldErrors);
      else console.error(err);
    } finally {
      setSaving(false);
    }
  };
  // Cancel, Escape or a click beside a changed dialog asks before the changes are thrown away.
  const dirty = form.formState.isDirty;
  const close = () => (dirty ? setDiscarding(true) : p.onClose());
  const submit = form.handleSubmit(async (values) => {
    const ask = p.confirm?.(values);
    if (ask) setQuestion({ ...ask, values });
    else await send(values);
  });
  return (
    <>
      <Dialog
        open={p.open}
        onClose={close}
        fullWidth
        maxWidth={p.maxWidth ?? 'sm'}
        data-testid={p.testId ?? 'form-dialog'}
      >
        <Box
          component="form"
          noValidate
          ref={formEl}
          onSubmit={async (e: FormEvent<HTMLFormElement>) => {
            // React events bubble through portals: keep this submit away from a form around the dialog.
            e.stopPropagation();
            await submit(e);
            // Like every form: focus the first highlighted field and say so.
            await reportInvalid(formEl.current);
          }}
        >
          <DialogTitle>{p.title}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
            {banner && <Alert severity="error">{banner}</Alert>}
            <ConflictBanner conflict={conflict} testIdPrefix={prefix} />
            {p.children(form)}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} data-testid={`${prefix}-cancel`}>
              {p.cancelLabel ?? 'Cancel'}
            </Button>
            <Button
              type="submit"
              variant="contained"
              color={p.danger ? 'error' : 'primary'}
              disabled={form.formState.isSubmitting || saving || p.saveDisabled}
              data-testid={`${prefix}-save`}
            >
              {p.saveLabel ?? 'Save'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={discarding}
        title={UI_MSG.leaveTitle}
        message={UI_MSG.discardQuestion}
        confirmLabel={UI_MSG.discard}
        cancelLabel={UI_MSG.stay}
        testId="discard-dialog"
        onCancel={() => setDiscarding(false)}
        onConfirm={() => {
          setDiscarding(false);
          p.onClose();
        }}
      />
      {p.confirm && (
        <ConfirmDialog
          open={!!question}
          title={question?.title}
          message={question?.message ?? ''}
          onCancel={() => setQuestion(undefined)}
          onConfirm={() => {
            const values = question?.values;
            setQuestion(undefined);
            if (values) void send(values);
          }}
        />
      )}
    </>
  );
}
