/** Read-only documents `doc-translate-receipt:/<operation id>.md`: receipts, fetched (free) when opened. */
export const RECEIPT_SCHEME = 'doc-translate-receipt';
