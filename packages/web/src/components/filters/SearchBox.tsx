import { SEARCH_DEBOUNCE_MS } from '@bpm/contract/common';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

export interface SearchBoxProps {
  value: string;
  /** Called after the user pauses typing for `delay` ms (default 500), or at once on Enter/clear. */
  onChange: (value: string) => void;
  delay?: number;
  label?: string;
  placeholder?: string;
  testId?: string;
}

export function SearchBox({
  value,
  onChange,
  delay = SEARCH_DEBOUNCE_MS,
  label = 'Search',
  placeholder,
  testId = 'search',
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;
  // Follow outside changes (e.g. Clear Filter).
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (v: string) => {
    clearTimeout(timer.current);
    if (v !== value) latest.current(v);
  };
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => {
        const v = e.target.value;
        setText(v);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => latest.current(v), delay);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(text);
      }}
      sx={{ maxWidth: 360 }}
      slotProps={{
        htmlInput: { 'data-testid': testId, 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label="Clear search"
                onClick={() => {
                  setText('');
                  commit('');
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
