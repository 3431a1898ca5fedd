import type { Check } from './checks.ts';
import type { ScenarioKind } from './scenarios.ts';

/** A document as a recorded request names it. */
export interface RecordedDocument {
  type: string;
  number: string;
  uniqueCode: string;
  issuerNit: string;
  entryName: string;
}

/** One request the double received, what it checked and how it answered. */
export interface RecordedRequest {
  /** The body's operation (e.g. SendBillSync), null when the envelope did not parse. */
  operation: string | null;
  action: string | null;
  /** The fileName parameter, when sent. */
  fileName: string | null;
  /** trackId or testSetId parameters, when sent. */
  trackId: string | null;
  testSetId: string | null;
  zipEntries: string[];
  documents: RecordedDocument[];
  /** The first document's unique code and number. */
  documentKey: string | null;
  number: string | null;
  checks: Check[];
  scenario: ScenarioKind | null;
  /** The HTTP status answered; 'held' = no answer until the client gave up; 'reset' = connection destroyed. */
  httpStatus: number | 'held' | 'reset' | null;
  /** StatusCode of the (first) DianResponse answered, when there was one. */
  statusCode: string | null;
}

export function emptyRecord(): RecordedRequest {
  return { operation: null, action: null, fileName: null, trackId: null, testSetId: null, zipEntries: [], documents: [], documentKey: null, number: null, checks: [], scenario: null, httpStatus: null, statusCode: null };
}
