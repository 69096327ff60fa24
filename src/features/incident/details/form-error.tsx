/* A form-level message (the server refused without naming a field the form shows). */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm text-danger">
      {message}
    </p>
  ) : null;
}
