/** The database named in a MongoDB URL's path, else `einvoicing`: every collection of the service lives there. */
export function databaseNameOf(url: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url);
  return match ? decodeURIComponent(match[1]) : 'einvoicing';
}
