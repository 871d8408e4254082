/** The messages for one field, under it; `id` is what the control's aria-describedby points at. */
export function ErrorList({
  id,
  errors,
  testId,
  className,
}: {
  id?: string;
  errors?: readonly string[] | null;
  testId?: string;
  className?: string;
}) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  // role="alert" so a message that appears after a check is read out at once.
  return (
    <div id={id} role="alert" className={className ? `space-y-1 ${className}` : "space-y-1"}>
      {shown.map((message) => (
        <p key={message} className="text-sm text-rose-200" data-testid={testId}>
          {message}
        </p>
      ))}
    </div>
  );
}
