import { duplicateKey, type DocumentFacts } from './document-facts.ts';
import { inProcess, unknownTrack, type DianResponseFields } from './dian-response.ts';

/** A document DIAN holds, with the answer it gave. */
export interface StoredDocument {
  facts: DocumentFacts;
  answer: DianResponseFields;
  validated: boolean;
  /** GetStatus answers 98 while this is above 0 (each GetStatus takes one). */
  pendingPolls: number;
}

/** DIAN's records: documents by unique code, validated ones also by NIT + class + number (rule 90). */
export class DocumentRegistry {
  private readonly byKey = new Map<string, StoredDocument>();
  private readonly validatedByNumber = new Map<string, string>();

  /** The validated document with this unique code or this NIT + class + number, if any. */
  validatedTwin(facts: DocumentFacts): StoredDocument | undefined {
    const sameKey = this.byKey.get(facts.uniqueCode);
    if (sameKey?.validated) return sameKey;
    const key = this.validatedByNumber.get(duplicateKey(facts));
    return key === undefined ? undefined : this.byKey.get(key);
  }

  store(facts: DocumentFacts, answer: DianResponseFields, validated: boolean, pendingPolls = 0): StoredDocument {
    const stored = { facts, answer, validated, pendingPolls };
    this.byKey.set(facts.uniqueCode, stored);
    if (validated) this.validatedByNumber.set(duplicateKey(facts), facts.uniqueCode);
    return stored;
  }

  get(key: string): StoredDocument | undefined {
    return this.byKey.get(key);
  }

  /** GetStatus: 98 while in process, then the stored answer; 66 when unknown. */
  status(key: string): DianResponseFields {
    const stored = this.byKey.get(key);
    if (!stored) return unknownTrack();
    if (stored.pendingPolls > 0) {
      stored.pendingPolls -= 1;
      return inProcess(key);
    }
    return stored.answer;
  }
}
