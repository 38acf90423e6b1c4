import 'quill/dist/quill.snow.css';
import { Box, FormHelperText, FormLabel } from '@mui/material';
import Quill from 'quill';
import { useEffect, useRef } from 'react';

/** The editor toolbar of document 3 section 9. */
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
  ['clean'],
];

/** Quill's picker buttons have no accessible name of their own (axe aria-command-name). */
const PICKER_NAMES: Record<string, string> = {
  'ql-header': 'Heading',
  'ql-color': 'Text colour',
  'ql-background': 'Background colour',
  'ql-align': 'Alignment',
};

/** A Quill rich-text editor whose value is HTML; the server sanitises it on save. */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  testId = 'rich-text-editor',
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  testId?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once; value seeds it
  useEffect(() => {
    if (!host.current || quill.current) return;
    const el = document.createElement('div');
    host.current.appendChild(el);
    const q = new Quill(el, { theme: 'snow', modules: { toolbar: TOOLBAR } });
    for (const picker of host.current.querySelectorAll('.ql-picker')) {
      const cls = Object.keys(PICKER_NAMES).find((c) => picker.classList.contains(c));
      if (cls) picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', PICKER_NAMES[cls] ?? cls);
    }
    // A contenteditable div may carry a name only with a role.
    q.root.setAttribute('role', 'textbox');
    q.root.setAttribute('aria-multiline', 'true');
    q.root.setAttribute('aria-label', label);
    if (value) q.clipboard.dangerouslyPasteHTML(value);
    q.on('text-change', () => changed.current(q.getLength() <= 1 ? '' : q.getSemanticHTML()));
    quill.current = q;
    return () => {
      quill.current = null;
      if (host.current) host.current.innerHTML = '';
    };
  }, []);

  return (
    <Box>
      <FormLabel>{label}</FormLabel>
      <Box ref={host} data-testid={testId} sx={{ mt: 0.5, '& .ql-editor': { minHeight: 160 } }} />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
