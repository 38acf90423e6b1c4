import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, applyServerErrors } from '../api/errors';
import { reportInvalid } from './form-behaviour';

export interface FormDialogProps<S extends z.ZodType<FieldValues, FieldValues>> {
  open: boolean;
  title: ReactNode;
  /** zod schema from the contract: same rules and messages as the server. */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Save; throw (e.g. the ApiError of a mutation) to keep the dialog open. Field errors land on fields. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  onClose: () => void;
  /** The inputs; use FormTextField with `form.control`. */
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
  saveLabel?: string;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  testId?: string;
}

/** A dialog with a react-hook-form + zod form, Save and Cancel; pessimistic save. */
export function FormDialog<S extends z.ZodType<FieldValues, FieldValues>>(p: FormDialogProps<S>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(p.schema as never) as never,
    defaultValues: p.defaultValues,
  });
  const [banner, setBanner] = useState<string>();
  const formEl = useRef<HTMLFormElement | null>(null);
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset to the values given when (re)opened
  useEffect(() => {
    if (p.open) {
      reset(p.defaultValues);
      setBanner(undefined);
    }
  }, [p.open]);
  const submit = form.handleSubmit(async (values) => {
    setBanner(undefined);
    try {
      await p.onSubmit(values);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        applyServerErrors(form.setError as never, err.fieldErrors);
      } else {
        console.error(err);
        if (err instanceof ApiError && err.status === 409) setBanner(err.message);
      }
    }
  });
  return (
    <Dialog
      open={p.open}
      onClose={p.onClose}
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
          {p.children(form)}
        </DialogContent>
        <DialogActions>
          <Button onClick={p.onClose} data-testid="dialog-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid="dialog-save">
            {p.saveLabel ?? 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
