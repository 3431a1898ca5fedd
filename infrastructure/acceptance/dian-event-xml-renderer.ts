import type { EventXmlRenderer, OwnEvent } from '../../application/ports/event-xml-renderer.ts';
import type { SoftwareIdentities } from '../../application/ports/software-identity.ts';
import type { XmlSigner } from '../../application/ports/xml-signer.ts';
import { colombiaDateTime } from '../../domain/shared/colombia-time.ts';
import { serialize } from '../rendering/xml/xml-node.ts';
import { eventApplicationResponse } from './event-application-response.ts';

/**
 * An own event's ApplicationResponse, signed by the sender's signer with the event's recorded instant (Colombian time)
 * as signing time. The signer receives the XML with an empty ExtensionContent in its second UBLExtension; a signer
 * that leaves it empty (no certificate yet) gets the placeholder removed, so the file stays valid against the XSD,
 * which does not admit an empty ExtensionContent.
 */
export class DianEventXmlRenderer implements EventXmlRenderer {
  constructor(
    private readonly software: SoftwareIdentities,
    private readonly signer: XmlSigner,
  ) {}

  async render(event: OwnEvent): Promise<string> {
    const software = await this.software.of(event.senderTenantId, event.environment);
    const { root, signatureSlot } = eventApplicationResponse(event, software);
    const unsigned = serialize(root);
    const { date, time } = colombiaDateTime(new Date(event.record.effectiveAt));
    const signed = await this.signer.sign(unsigned, { tenantId: event.senderTenantId, environment: event.environment, signingTime: `${date}T${time}` });
    if (signed !== unsigned) return signed;
    const { extensions, extension } = signatureSlot;
    extensions.children.splice(extensions.children.indexOf(extension), 1);
    return serialize(root);
  }
}
