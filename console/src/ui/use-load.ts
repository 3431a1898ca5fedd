import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Loads `load()` when `key` changes and on `reload()`; a slower answer to an older key never overwrites a newer one.
 * `key` undefined: nothing is loaded.
 */
export function useLoad<T>(key: string | undefined, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: key !== undefined });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (key === undefined) return;
    const ticket = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    loader.current().then(
      (data) => ticket === latest.current && setState({ data, loading: false }),
      (error: unknown) => ticket === latest.current && setState((previous) => ({ data: previous.data, error: error instanceof Error ? error.message : String(error), loading: false })),
    );
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
