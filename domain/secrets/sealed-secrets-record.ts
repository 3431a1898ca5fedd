import type { Decider } from '../shared/decider.ts';

/**
 * What the deployment keeps sealed with SECRETS_KEY, in one small stream read at every start (never a scan of the
 * log): whether anything was sealed, and with which keys. Events recorded before key ids were kept name none.
 */
export interface SealedSecretsRecord {
  sealed: boolean;
  /** Ids of the keys that may have sealed a kept secret. */
  keyIds: string[];
  /** Something was sealed before key ids were recorded: which key sealed it is known only from the values. */
  unrecordedKeys: boolean;
}

export type SealedSecretsEvent =
  | { type: 'SecretsFirstSealed'; data: { purpose: string; at: string; keyId?: string } }
  /** A key sealed a secret for the first time. */
  | { type: 'SecretsKeyUsed'; data: { purpose: string; at: string; keyId: string } }
  /** Every kept secret was found sealed with `keyId` (sealed again by `secrets reseal` when it was not). */
  | { type: 'SecretsResealed'; data: { keyId: string; resealed: number; at: string } };

export type SealedSecretsCommand =
  | { type: 'RecordKeyUse'; keyId: string; purpose: string; now: Date }
  | { type: 'RecordAllSealedWith'; keyId: string; resealed: number; now: Date };

export const sealedSecretsRecordDecider: Decider<SealedSecretsCommand, SealedSecretsEvent, SealedSecretsRecord> = {
  initialState: () => ({ sealed: false, keyIds: [], unrecordedKeys: false }),
  decide(command, state) {
    const at = command.now.toISOString();
    const { keyId } = command;
    if (command.type === 'RecordAllSealedWith') return [{ type: 'SecretsResealed', data: { keyId, resealed: command.resealed, at } }];
    if (state.keyIds.includes(keyId)) return [];
    const { purpose } = command;
    return [state.sealed ? { type: 'SecretsKeyUsed', data: { purpose, at, keyId } } : { type: 'SecretsFirstSealed', data: { purpose, at, keyId } }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SecretsFirstSealed':
        return event.data.keyId ? { sealed: true, keyIds: [event.data.keyId], unrecordedKeys: false } : { sealed: true, keyIds: [], unrecordedKeys: true };
      case 'SecretsKeyUsed':
        return { ...state, sealed: true, keyIds: [...state.keyIds, event.data.keyId] };
      case 'SecretsResealed':
        return { sealed: true, keyIds: [event.data.keyId], unrecordedKeys: false };
    }
  },
};
