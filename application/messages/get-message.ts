import { messageDecider } from '../../domain/messages/message-decider.ts';
import type { MessageState } from '../../domain/messages/message-state.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import { MessageNotFoundError } from './message-errors.ts';
import { MESSAGE_ID, messageStreamId } from './message-streams.ts';

interface MessageView {
  state: MessageState;
  events: RecordedEvent[];
}

/** One message with its events, folded from its stream (found right after the 202). */
export class GetMessage {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(messageId: string, scope: { tenantId: string; environment: string }): Promise<MessageView> {
    if (!MESSAGE_ID.test(messageId)) throw new MessageNotFoundError(messageId);
    const { state, events } = await this.aggregates.load(messageStreamId(messageId), messageDecider);
    const record = state.record;
    if (!record || record.tenantId !== scope.tenantId || record.environment !== scope.environment) throw new MessageNotFoundError(messageId);
    return { state, events };
  }
}
