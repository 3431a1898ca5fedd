import { toDomainEvent } from '../event-sourcing/domain-event.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import { metadataFor } from '../event-sourcing/request-context.ts';
import type { EventStore, ExpectedRevision } from '../ports/event-store.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { MailAttachment } from '../ports/mail-transport.ts';

// Under KurrentDB's default 1 MB append limit once base64-encoded, so any event store takes them.
const CHUNK_BYTES = 512 * 1024;
const ATTACHMENT_CHUNK_EVENT = 'MessageAttachmentChunk';

interface ChunkData {
  index: number;
  filename: string;
  content: string;
}

interface AttachmentChunk {
  type: typeof ATTACHMENT_CHUNK_EVENT;
  data: ChunkData;
}

/**
 * Attachment bytes live in the event store, in chunks on a stream of their own, so every instance (and a retry
 * hours later) reads the same bytes. No projection subscribes to the chunks.
 */
export class AttachmentStore {
  constructor(
    private readonly store: EventStore,
    private readonly ids: IdGenerator,
  ) {}

  async put(files: readonly MailAttachment[], context: RequestContext): Promise<string> {
    const streamId = `messageAttachments-${this.ids.uuid()}`;
    const metadata = metadataFor(context);
    let expected: ExpectedRevision = 'no_stream';
    for (const [index, file] of files.entries()) {
      for (let offset = 0; offset === 0 || offset < file.content.length; offset += CHUNK_BYTES) {
        const data: ChunkData = { index, filename: file.filename, content: file.content.subarray(offset, offset + CHUNK_BYTES).toString('base64') };
        const appended = await this.store.append(streamId, [{ type: ATTACHMENT_CHUNK_EVENT, data: { ...data }, metadata }], expected);
        expected = appended.nextExpectedRevision;
      }
    }
    return streamId;
  }

  async get(streamId: string): Promise<MailAttachment[]> {
    const files: Array<{ filename: string; parts: Buffer[] }> = [];
    for (const event of await this.store.readStream(streamId)) {
      const chunk = toDomainEvent<AttachmentChunk>(event, [ATTACHMENT_CHUNK_EVENT])?.data;
      if (!chunk) continue;
      files[chunk.index] ??= { filename: chunk.filename, parts: [] };
      files[chunk.index].parts.push(Buffer.from(chunk.content, 'base64'));
    }
    return files.map((file) => ({ filename: file.filename, content: Buffer.concat(file.parts) }));
  }
}
