/** `queued` while sending or waiting for a retry; `sent` once the SMTP relay accepted it (DESIGN). */
export const MESSAGE_STATUSES = ['queued', 'blocked', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
