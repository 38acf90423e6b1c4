import { Skeleton } from '@mui/material';
import { type ComponentProps, lazy, Suspense } from 'react';
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
