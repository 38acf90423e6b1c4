import { TextField, type TextFieldProps } from '@mui/material';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<V extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  name: FieldPath<V>;
  control: Control<V, unknown, FieldValues>;
};

/** A TextField bound to react-hook-form; shows the field's (client or server) error. `select` works too. */
export function FormTextField<V extends FieldValues>({
  name,
  control,
  helperText,
  slotProps,
  ...rest
}: FormTextFieldProps<V>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          value={field.value ?? ''}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            ...slotProps,
            htmlInput: { 'data-testid': `field-${name}`, ...(slotProps?.htmlInput as object) },
          }}
        />
      )}
    />
  );
}
