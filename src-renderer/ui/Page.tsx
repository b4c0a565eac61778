import { type ReactNode } from 'react';

/**
 * A console page: its frame (`page`, and the page's own class), a header with the title and whatever stands
 * beside it (`aside`: counts, badges, actions), then the page's content.
 */
export function Page({
  title,
  testId,
  className,
  aside,
  children,
}: {
  title: string;
  testId: string;
  className?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className ? `page ${className}` : 'page'} data-testid={testId}>
      <header className="page-header">
        <h1>{title}</h1>
        {aside}
      </header>
      {children}
    </div>
  );
}

/** The header's button that opens the page's form, at its right end; hidden while the form is open. */
export function OpenFormButton({
  open,
  onOpen,
  primary = false,
  testId,
  children,
}: {
  open: boolean;
  onOpen: () => void;
  primary?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <span className="spacer" />
      {!open && (
        <button
          type="button"
          className={primary ? 'btn btn-primary' : 'btn'}
          onClick={onOpen}
          data-testid={testId}
        >
          {children}
        </button>
      )}
    </>
  );
}
