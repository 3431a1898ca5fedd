import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CONSOLE_BASE, consolePath } from './route-match.ts';

export interface Location {
  /** The path under the console's base ("/documentos/sales-invoices/…"). */
  path: string;
  search: string;
}

const current = (): Location => ({ path: consolePath(window.location.pathname), search: window.location.search });

const listeners = new Set<() => void>();

/** Goes to a console path (with its query) without reloading; the back button returns. */
export function navigate(to: string, { replace = false } = {}): void {
  const url = `${CONSOLE_BASE}${to === '/' ? '' : to}`;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  for (const listener of listeners) listener();
}

/** The current console location, re-rendering on navigation and on the browser's back and forward. */
export function useLocation(): Location {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const update = () => setLocation(current());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return location;
}

interface LinkProps {
  to: string;
  children: ComponentChildren;
  class?: string;
  'aria-current'?: 'page';
}

/** A real link (opens in a new tab, copies) that navigates inside the console on a plain click. */
export function Link({ to, children, class: className, 'aria-current': current }: LinkProps) {
  const href = `${CONSOLE_BASE}${to === '/' ? '' : to}`;
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={href} onClick={onClick} class={className} aria-current={current}>
      {children}
    </a>
  );
}
