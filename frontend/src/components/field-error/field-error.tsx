/** A field's message, under the field; the field names it by `id` in aria-describedby. Nothing when all is well. */
export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}
