import { createHash } from 'node:crypto';

export function sha384Hex(text: string): string {
  return createHash('sha384').update(text, 'utf8').digest('hex');
}
