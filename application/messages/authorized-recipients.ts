import { isAuthorizedRecipient, recipientListDecider } from '../../domain/messages/recipient-list.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import { recipientListStreamId } from './message-streams.ts';

type OperatorContext = Omit<RequestContext, 'tenantId' | 'environment'>;

/** The operator's list of addresses a company's test keys may reach. */
export class AuthorizedRecipients {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async allow(tenantId: string, address: string, context: OperatorContext): Promise<string[]> {
    return this.change('AllowRecipient', tenantId, address, context);
  }

  async remove(tenantId: string, address: string, context: OperatorContext): Promise<string[]> {
    return this.change('RemoveRecipient', tenantId, address, context);
  }

  async list(tenantId: string): Promise<string[]> {
    return (await this.aggregates.load(recipientListStreamId(tenantId), recipientListDecider)).state.addresses;
  }

  /** The addresses among `to` that are not on the list. */
  async unauthorized(tenantId: string, to: readonly string[]): Promise<string[]> {
    const { state } = await this.aggregates.load(recipientListStreamId(tenantId), recipientListDecider);
    return to.filter((address) => !isAuthorizedRecipient(state, address));
  }

  private async change(type: 'AllowRecipient' | 'RemoveRecipient', tenantId: string, address: string, context: OperatorContext): Promise<string[]> {
    const handled = await this.aggregates.handle(
      recipientListStreamId(tenantId),
      recipientListDecider,
      { type, tenantId, address, now: this.clock.now() },
      { ...context, tenantId, environment: '*' },
    );
    return handled.state.addresses;
  }
}
