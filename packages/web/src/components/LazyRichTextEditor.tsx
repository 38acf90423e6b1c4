import { Skeleton } from '@mui/material';
import { type ComponentProps, lazy, Suspense } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { RichTextEditor } from './RichTextEditor';

// Quill is ~60 kB gzip: it loads after the form's own fields (issue 9 per-route bundle budget).
const Editor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

/** The rich-text editor, loaded on first use; a placeholder of its size meanwhile. */
export function LazyRichTextEditor(props: ComponentProps<typeof RichTextEditor>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** The rich-text editor bound to react-hook-form's `name`: shows the field's (client or server) error. */
export function FormRichTextField<V extends FieldValues>({
  name,
  control,
  label,
}: {
  name: FieldPath<V>;
  control: Control<V, unknown, FieldValues>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <LazyRichTextEditor
          label={label}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          error={fieldState.error?.message}
          testId={`field-${name}`}
        />
      )}
    />
  );
}
