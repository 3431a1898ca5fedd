const DOCUMENT_STATUSES = ['draft', 'issued', 'pending', 'sent', 'validated', 'rejected', 'failed', 'cancelled', 'voided'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The states seed 000 lets clients filter on. */
export const LISTABLE_STATUSES = ['pending', 'sent', 'validated', 'rejected', 'failed', 'cancelled'] as const;
