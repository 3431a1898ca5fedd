/** One validated document's number as its record shows it. */
export interface NumberedDocument {
  id: string;
  /** The resolution's prefix (SETP for DIAN's habilitación range of sales invoices). */
  prefix: string;
  /** The whole number as issued, prefix included (SETP990000000). */
  number: string;
}

export interface PrefixNumbers {
  prefix: string;
  count: number;
  first: number;
  last: number;
  /** Numbers between first and last that no document got (at most 10 listed). */
  missing: number[];
  missingCount: number;
  /** Numbers more than one document got (at most 10 listed). */
  duplicates: number[];
  duplicateCount: number;
  /** Numbers that do not read as the prefix followed by digits. */
  malformed: string[];
}

export interface GapCheck {
  ok: boolean;
  perPrefix: PrefixNumbers[];
}

/**
 * Whether the numbers of each prefix form one contiguous run with none issued twice: the sandbox numbers documents
 * consecutively from its habilitación range, so a gap means a number was lost and a duplicate means two documents
 * share one.
 */
export function checkGapFree(documents: readonly NumberedDocument[]): GapCheck {
  const byPrefix = new Map<string, string[]>();
  for (const document of documents) byPrefix.set(document.prefix, [...(byPrefix.get(document.prefix) ?? []), document.number]);
  const perPrefix = [...byPrefix].map(([prefix, numbers]) => checkPrefix(prefix, numbers)).sort((a, b) => a.prefix.localeCompare(b.prefix));
  return { ok: perPrefix.every((p) => p.missingCount === 0 && p.duplicateCount === 0 && p.malformed.length === 0), perPrefix };
}

function checkPrefix(prefix: string, numbers: readonly string[]): PrefixNumbers {
  const malformed: string[] = [];
  const values: number[] = [];
  for (const number of numbers) {
    const digits = number.startsWith(prefix) ? number.slice(prefix.length) : '';
    if (/^\d+$/.test(digits)) values.push(Number(digits));
    else malformed.push(number);
  }
  values.sort((a, b) => a - b);
  const duplicates: number[] = [];
  const missing: number[] = [];
  let duplicateCount = 0;
  let missingCount = 0;
  for (let i = 1; i < values.length; i += 1) {
    const step = values[i] - values[i - 1];
    if (step === 0) {
      duplicateCount += 1;
      if (duplicates.length < 10 && duplicates[duplicates.length - 1] !== values[i]) duplicates.push(values[i]);
    } else if (step > 1) {
      missingCount += step - 1;
      for (let n = values[i - 1] + 1; n < values[i] && missing.length < 10; n += 1) missing.push(n);
    }
  }
  return {
    prefix,
    count: numbers.length,
    first: values[0] ?? Number.NaN,
    last: values[values.length - 1] ?? Number.NaN,
    missing,
    missingCount,
    duplicates,
    duplicateCount,
    malformed: malformed.slice(0, 10),
  };
}
