import { MESSAGES_COLLECTION } from '../../application/messages/message-row.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { MessagesProjection } from './messages-projection.ts';

export const messagesProjection: ProjectionDefinition = {
  name: 'messages',
  description: 'Every message with its current status, for the e-mails listed on a document',
  collections: [MESSAGES_COLLECTION],
  // 2: rows keep the message's template.
  revision: 2,
  create: ({ collections }) => new MessagesProjection(collections.of(MESSAGES_COLLECTION)),
};
