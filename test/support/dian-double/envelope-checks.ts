import type { CheckList } from './checks.ts';
import { ACTION_PREFIX, OPERATIONS } from './namespaces.ts';
import { destinationUnreachable, faultReply, internalServiceFault, invalidSecurity, type Reply } from './soap-replies.ts';
import type { SoapRequest } from './soap-request.ts';
import { verifyEnvelope } from './xmlsec-runner.ts';

/** How far a Timestamp's Created may lie ahead of the double's clock (DIAN's tolerance is UNCONFIRMED). */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The transport checks of reference §2: wsa:Action names the body's operation, the WS-Security signature verifies with
 * the BinarySecurityToken's key, it signs wsa:To, wsa:To is this endpoint (with or without `?wsdl`), and the
 * Timestamp is current. Returns the fault to answer, or null when the request may go on.
 */
export async function checkEnvelope(xml: string, request: SoapRequest, url: string, now: Date, checks: CheckList): Promise<Reply | null> {
  const expected = `${ACTION_PREFIX}${request.bodyOperation}`;
  if (!checks.add('action', request.action === expected, `wsa:Action ${request.action ?? '(none)'}; body ${request.bodyOperation}`)) {
    return internalServiceFault(`The action '${request.action ?? ''}' does not match the body's operation '${request.bodyOperation}'.`);
  }
  if (!(OPERATIONS as readonly string[]).includes(request.bodyOperation)) {
    return faultReply({ prefix: 'a', namespace: 'http://www.w3.org/2005/08/addressing', name: 'ActionNotSupported' },
      `The message with Action '${request.action}' cannot be processed at the receiver, due to a ContractFilter mismatch at the EndpointDispatcher.`);
  }

  let secure = true;
  if (!request.hasSecuritySignature || !request.certificatePem) {
    secure = checks.add('ws-security-signature', false, 'no wsse:Security signature with a BinarySecurityToken');
  } else {
    const verified = await verifyEnvelope(xml, request.certificatePem);
    secure = checks.add('ws-security-signature', verified.ok, verified.output.trim());
  }
  const toId = request.to?.id;
  secure = checks.add('to-signed', toId !== undefined && toId !== null && request.signedReferences.includes(`#${toId}`),
    `wsa:To Id ${toId ?? '(none)'}; signed ${request.signedReferences.join(' ') || '(nothing)'}`) && secure;
  const created = Date.parse(request.timestamp?.created ?? '');
  const expires = Date.parse(request.timestamp?.expires ?? '');
  secure = checks.add('timestamp-current', created <= now.getTime() + CLOCK_SKEW_MS && expires > now.getTime(),
    `Created ${request.timestamp?.created ?? '(none)'}, Expires ${request.timestamp?.expires ?? '(none)'}, now ${now.toISOString()}`) && secure;
  if (!secure) return invalidSecurity();

  const to = request.to?.value ?? '';
  if (!checks.add('to-matches-url', to === url || to === `${url}?wsdl`, `wsa:To ${to}; endpoint ${url}`)) return destinationUnreachable(to);
  return null;
}
