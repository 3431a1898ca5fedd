import { checkAttachments, compactBase64 } from '../../domain/messages/attachment-rules.ts';
import type { Brand } from '../../domain/messages/brand.ts';
import { messageDecider } from '../../domain/messages/message-decider.ts';
import type { MessageRecord } from '../../domain/messages/message-events.ts';
import type { MessageState } from '../../domain/messages/message-state.ts';
import { DEFAULT_DESIGN, isDesign, templateNamed } from '../../domain/messages/template-catalog.ts';
import { checkTemplateData } from '../../domain/messages/template-data-rules.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { SendLimits } from '../ports/send-limits.ts';
import type { TemplateRenderer } from '../ports/template-renderer.ts';
import type { Principal } from '../tenancy/api-keys.ts';
import type { AttachmentStore } from './attachment-store.ts';
import type { AuthorizedRecipients } from './authorized-recipients.ts';
import type { Brands } from './brands.ts';
import { AttachmentRulesError, InvalidVariablesError, MissingVariablesError, SendLimitExceededError } from './message-errors.ts';
import { messageIdFor, messageStreamId, randomMessageId } from './message-streams.ts';
import type { SendMessageInput } from './send-message-input.ts';

export interface SendResult {
  state: MessageState;
  /** The stream as found when the idempotency key was already used; empty for a new message. */
  events: RecordedEvent[];
  created: boolean;
}

interface SendOptions {
  /** Document e-mails fall back to the company's built-in brand when the default one is not theirs to use. */
  brand?: Brand;
}

/**
 * Accepts a message: send limits, idempotency, brand, template data and attachment rules, the test-key recipient
 * rule, then renders it once and records it queued (or blocked). Sending happens in the delivery process manager.
 */
export class SendMessage {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly brands: Brands,
    private readonly recipients: AuthorizedRecipients,
    private readonly renderer: TemplateRenderer,
    private readonly attachments: AttachmentStore,
    private readonly limits: SendLimits,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: SendMessageInput, caller: Principal, context: RequestContext, options: SendOptions = {}): Promise<SendResult> {
    const admission = await this.limits.admit(caller.keyId);
    if (!admission.allowed) throw new SendLimitExceededError(admission.retryAfterSeconds);
    const messageId = input.idempotencyKey ? messageIdFor(caller.tenantId, caller.environment, input.idempotencyKey) : randomMessageId(this.ids.uuid());
    const streamId = messageStreamId(messageId);
    if (input.idempotencyKey) {
      const existing = await this.existing(streamId);
      if (existing) return existing;
    }

    const template = templateNamed(input.template.slug);
    const design = input.template.design ?? DEFAULT_DESIGN;
    if (!template || !isDesign(design)) throw new DomainError('validation_failed', `unknown template ${input.template.slug} or design ${design}`);
    const brand = options.brand ?? (await this.brands.resolve(caller.tenantId, input.brand, caller.keyId));
    const { missing, invalid } = checkTemplateData(template, input.data);
    if (missing.length > 0) throw new MissingVariablesError(template.slug, missing);
    if (invalid.length > 0) throw new InvalidVariablesError(template.slug, invalid);
    const attachments = input.content?.attachments ?? [];
    const violations = checkAttachments(attachments);
    if (violations.length > 0) throw new AttachmentRulesError(violations);

    const blockedReason = caller.environment === 'test' ? await this.blockedReason(caller.tenantId, input.to) : null;
    const rendered = this.renderer.render({ slug: template.slug, design, brand, data: input.data });
    const files = attachments.map((file) => ({ filename: file.filename, content: Buffer.from(compactBase64(file.content), 'base64') }));
    const attachmentsStream = blockedReason === null && files.length > 0 ? await this.attachments.put(files, context) : null;
    const record: MessageRecord = {
      messageId,
      tenantId: caller.tenantId,
      environment: caller.environment,
      application: caller.keyId,
      channel: 'email',
      to: input.to,
      template: { slug: template.slug, design },
      brand: brand.slug,
      data: input.data,
      subject: input.content?.subject ?? rendered.subject,
      html: rendered.html,
      text: rendered.text,
      fromName: input.content?.fromName ?? brand.name,
      replyTo: input.content?.replyTo ?? null,
      attachments: files.map((file) => ({ filename: file.filename, size: file.content.length })),
      attachmentsStream,
      idempotencyKey: input.idempotencyKey ?? null,
      document: input.document ?? null,
    };
    try {
      const handled = await this.aggregates.handle(streamId, messageDecider, { type: 'AcceptMessage', record, blockedReason, now: this.clock.now() }, context);
      return { state: handled.state, events: [], created: true };
    } catch (error) {
      // A concurrent request with the same key won the race: answer its message.
      const existing = error instanceof DomainError && error.code === 'already_exists' ? await this.existing(streamId) : null;
      if (existing) return existing;
      throw error;
    }
  }

  private async existing(streamId: string): Promise<SendResult | null> {
    const { state, events } = await this.aggregates.load(streamId, messageDecider);
    return state.status === 'none' ? null : { state, events, created: false };
  }

  private async blockedReason(tenantId: string, to: readonly string[]): Promise<string | null> {
    const outside = await this.recipients.unauthorized(tenantId, to);
    if (outside.length === 0) return null;
    return `test keys reach only the authorized recipients; not authorized: ${outside.join(', ')}`;
  }
}
