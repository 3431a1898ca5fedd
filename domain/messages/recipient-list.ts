import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { isEmailAddress, normalizeAddress } from './email-address.ts';

/** The addresses a company's test keys may reach (seed 002); kept normalized. */
interface RecipientListState {
  addresses: string[];
}

type RecipientEvent =
  | { type: 'RecipientAllowed'; data: { tenantId: string; address: string; at: string } }
  | { type: 'RecipientRemoved'; data: { tenantId: string; address: string; at: string } };

type RecipientCommand = { type: 'AllowRecipient' | 'RemoveRecipient'; tenantId: string; address: string; now: Date };

export const recipientListDecider: Decider<RecipientCommand, RecipientEvent, RecipientListState> = {
  initialState: () => ({ addresses: [] }),
  decide(command, state) {
    const address = normalizeAddress(command.address);
    if (!isEmailAddress(address)) throw new DomainError('invalid_address', `"${command.address}" is not an e-mail address`);
    const listed = state.addresses.includes(address);
    const data = { tenantId: command.tenantId, address, at: command.now.toISOString() };
    if (command.type === 'AllowRecipient') return listed ? [] : [{ type: 'RecipientAllowed', data }];
    return listed ? [{ type: 'RecipientRemoved', data }] : [];
  },
  evolve(state, event) {
    const others = state.addresses.filter((address) => address !== event.data.address);
    return { addresses: event.type === 'RecipientAllowed' ? [...others, event.data.address] : others };
  },
};

export function isAuthorizedRecipient(state: RecipientListState, address: string): boolean {
  return state.addresses.includes(normalizeAddress(address));
}
