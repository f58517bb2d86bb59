import { useState } from 'react';

/** The message of each field that fails its rule; a field that passes has none. */
export type FieldErrors<K extends PropertyKey> = Partial<Record<K, string>>;

/**
 * A form's text values and their messages: editing a field clears its message; `check` applies the
 * rules, shows their messages and answers them (empty when the values pass).
 */
export function useFormFields<V extends { [K in keyof V]: string }>(
  initial: V,
  validate: (values: V) => FieldErrors<keyof V>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V>>({});

  const onChange = (key: keyof V) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((er) => (er[key] ? { ...er, [key]: undefined } : er));
  };

  const check = () => {
    const found = validate(values);
    setErrors(found);
    return found;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, errors, onChange, check, reset };
}
