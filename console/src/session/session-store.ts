/**
 * The API key lives in this tab's sessionStorage only: never a cookie, the URL or localStorage, so it leaves with
 * the tab and no request carries it but in the Authorization header.
 */
const KEY = 'consola.clave';

export function storedKey(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeKey(key: string): void {
  window.sessionStorage.setItem(KEY, key);
}

export function forgetKey(): void {
  window.sessionStorage.removeItem(KEY);
}
