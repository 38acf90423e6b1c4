import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { IconButton, InputAdornment, type SxProps, TextField, type Theme } from '@mui/material';
import { type ReactNode, type Ref, useRef, useState } from 'react';
import { dateText, parseDateText } from './date-text';
import { UI_MSG } from './ui-messages';
import { VISUALLY_HIDDEN } from './visually-hidden';

export interface DateFieldProps {
  /** Local 'YYYY-MM-DD' or ''. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** Under the field when it has no error; may be a block (e.g. a chip). */
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
  sx?: SxProps<Theme>;
}

/**
 * A date typed or picked, shown in the app's one date format ('Nov 27, 2026') like every list, never the
 * browser's 11/27/2026. The calendar button opens the browser's own date picker.
 */
export function DateField(p: DateFieldProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a form reset, Clear Filter) replaces what was being typed.
  const emitted = useRef(p.value);
  if (typed !== null && p.value !== emitted.current) setTyped(null);
  emitted.current = p.value;
  const parsed = typed === null ? p.value : parseDateText(typed);
  const bad = parsed === null;
  const set = (ymd: string) => {
    emitted.current = ymd;
    if (ymd !== p.value) p.onChange(ymd);
  };
  return (
    <TextField
      label={p.label}
      name={p.name}
      required={p.required}
      disabled={p.disabled}
      sx={p.sx}
      value={typed ?? dateText(p.value)}
      onChange={(e) => {
        setTyped(e.target.value);
        // Not a day yet: the form holds no date, so a save cannot keep the old one by mistake.
        set(parseDateText(e.target.value) ?? '');
      }}
      onBlur={() => {
        if (!bad) setTyped(null);
        p.onBlur?.();
      }}
      error={bad || p.error}
      helperText={bad ? UI_MSG.invalidDate : p.helperText}
      inputRef={p.inputRef}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': p.testId, autoComplete: 'off' },
        // A chip is a block: the helper text is a div, not a <p>.
        formHelperText: { component: 'div', sx: { ml: 0 } } as object,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`Choose ${p.label}`}
                edge="end"
                size="small"
                disabled={p.disabled}
                onClick={() => picker.current?.showPicker?.()}
              >
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              <input
                type="date"
                ref={picker}
                value={p.value}
                tabIndex={-1}
                aria-hidden
                style={{ ...VISUALLY_HIDDEN, bottom: 0, right: 0, border: 0, padding: 0 }}
                onChange={(e) => {
                  setTyped(null);
                  set(e.target.value);
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
