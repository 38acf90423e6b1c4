import { ORDER_FILE_FIELDS, type OrderFileField } from '@bpm/contract/orders';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../../../api/errors';
import { type DocForm, emptyForm } from './doc-form';

const FORM_KEYS = Object.keys(emptyForm()).concat(['id', 'version']);
const isFormField = (k: string) => FORM_KEYS.includes(k) || /^products\.\d+\.[a-z_]+$/.test(k);
const linePrefix = (k: string) => /^products\.\d+/.exec(k)?.[0];

/**
 * The editor's errors beside the schema's: the server's field errors, the PDF fields' errors and the server's
 * errors on no field of the form. Server field errors stay (and block saving) until their field changes
 * (document 1 section 5).
 */
export function useDocErrors(form: UseFormReturn<DocForm, unknown, DocForm>) {
  const { setError } = form;
  const [fileErrors, setFileErrors] = useState<Partial<Record<OrderFileField, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const serverErrors = useRef<Record<string, string>>({});

  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (!name) return;
      for (const k of Object.keys(serverErrors.current)) {
        const lp = linePrefix(k);
        if (k === name || name === 'products' || (lp && lp === linePrefix(name))) delete serverErrors.current[k];
      }
    });
    return () => sub.unsubscribe();
  }, [form]);

  /** Shows the server's errors: on their form field, on their PDF field, or in the list of other errors. */
  const showServerErrors = (cause: Record<string, string>) => {
    const files: Partial<Record<OrderFileField, string>> = {};
    const fields: Record<string, string> = {};
    const other: string[] = [];
    for (const [k, message] of Object.entries(cause)) {
      if ((ORDER_FILE_FIELDS as readonly string[]).includes(k)) files[k as OrderFileField] = message;
      else if (isFormField(k)) fields[k] = message;
      else other.push(`${k}: ${message}`);
    }
    applyServerErrors(setError as never, fields);
    setFileErrors((f) => ({ ...f, ...files }));
    setOtherErrors(other);
  };

  /** Forgets every error (a fresh record was loaded). */
  const clearErrors = () => {
    setFileErrors({});
    setOtherErrors([]);
    serverErrors.current = {};
  };

  return { fileErrors, setFileErrors, otherErrors, serverErrors, showServerErrors, clearErrors };
}

export type DocErrors = ReturnType<typeof useDocErrors>;
