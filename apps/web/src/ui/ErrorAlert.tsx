/** A failure the user has to read: screen readers announce it, tests find it by role. */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="alert">
      {message}
    </div>
  );
}
