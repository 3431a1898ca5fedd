import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** A failure, read out by screen readers as soon as it appears. */
export function ErrorNote({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p class="error" role="alert">
      {message}
    </p>
  );
}

/** A region whose changes screen readers announce without moving the focus (results of asynchronous actions). */
export function Live({ children, label }: { children: ComponentChildren; label?: string }) {
  return (
    <div aria-live="polite" aria-label={label}>
      {children}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return <p class="muted">Cargando {what}…</p>;
}

/** Whether no page has been shown yet: the browser's own load leaves the focus at the top (skip link first). */
let firstPage = true;

/** The page's heading, focused when the console moves to another page, so keyboard and screen-reader users start there. */
export function PageTitle({ children }: { children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPage) firstPage = false;
    else heading.current?.focus();
  }, []);
  return (
    <h1 tabIndex={-1} ref={heading}>
      {children}
    </h1>
  );
}

/** A table that scrolls sideways inside itself on a narrow screen instead of widening the page. */
export function TableWrap({ children, label }: { children: ComponentChildren; label: string }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span class={`badge badge-${status}`}>{label}</span>;
}
