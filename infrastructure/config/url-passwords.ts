const PASSWORD_IN_URL = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"']*:)[^\s/?#"']*@/gi;

/**
 * The text with the password of every URL in it (`scheme://user:password@…`) replaced by `***`, whether the URL parses
 * or not: store URLs carry credentials, and a message that echoes one (a bad setting, a driver's error) is printed.
 */
export function withoutUrlPasswords(text: string): string {
  return text.replace(PASSWORD_IN_URL, '$1***@');
}
