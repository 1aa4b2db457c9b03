import { Fragment } from 'react';

/**
 * An email address that wraps only where a reader expects it to: before the '@' and before each
 * dot, never in the middle of a name (a long address on a phone used to break mid-word).
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={className}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
