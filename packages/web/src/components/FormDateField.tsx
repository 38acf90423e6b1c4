import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField, type DateFieldProps } from './DateField';

// Its own file: the list filters use DateField without loading react-hook-form.
/** A DateField bound to react-hook-form, for a field holding a local 'YYYY-MM-DD'; shows the field's error. */
export function FormDateField<V extends FieldValues>({
  control,
  name,
  ...rest
}: Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'name'> & {
  control: Control<V, unknown, FieldValues>;
  name: FieldPath<V>;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DateField
          {...rest}
          name={field.name}
          value={(field.value as string | null) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? rest.helperText}
          testId={rest.testId ?? `field-${name}`}
        />
      )}
    />
  );
}
