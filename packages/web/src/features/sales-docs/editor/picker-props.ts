// What the lazy pickers (pickers.tsx) and their placeholders (fields.tsx) share: their props and the
// picked dealer. A file of its own so that pickers.tsx, loaded lazily by fields.tsx, does not import it back.
import type { RefObject } from 'react';
import type { Control } from 'react-hook-form';
import type { FormTextField } from '../../../components/FormTextField';
import type { DocForm } from './doc-form';

type Ctl = Control<DocForm, unknown, DocForm>;
type Name = Parameters<typeof FormTextField<DocForm>>[0]['name'];

export interface CountryFieldProps {
  control: Ctl;
  name: Name;
  label: string;
  disabled?: boolean;
}

/** A dealer option of the picker (`label`: name and id). */
export interface DealerOpt {
  id: number;
  name: string;
  label: string;
}

export interface DealerPickerProps {
  value: number | null;
  options: DealerOpt[];
  /** The document's own dealer, shown before the options have come. */
  fallback: DealerOpt | null;
  disabled: boolean;
  error?: string;
  loading: boolean;
  onChange: (id: number | null) => void;
}

/** The picked dealer among the options, or the document's own when the options have not come yet. */
export function selectedDealer(value: number | null, options: DealerOpt[], fallback: DealerOpt | null) {
  return options.find((o) => o.id === value) ?? (fallback && fallback.id === value ? fallback : null);
}

/** A picker focuses its input when it arrives if the user had already focused its placeholder. */
export interface PickerFocus {
  focusOnMount: RefObject<boolean>;
}
