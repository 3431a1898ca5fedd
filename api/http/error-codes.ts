import { MESSAGE_ERROR_CODES } from '../messages/message-error-codes.ts';
import { INVOICE_MANAGEMENT_ERROR_CODES } from '../invoice-management/invoice-management-error-codes.ts';
import { WEBHOOK_DELIVERY_ERROR_CODES } from '../webhooks/webhook-delivery-error-codes.ts';
import { MAX_JSON_DEPTH } from './json-body.ts';

/** Every stable `code` a problem document can carry; `/errors` lists them. */
export const ERROR_CODES = [
  { code: 'malformed_json', status: 400, meaning: `The request body is not valid JSON, or nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` },
  { code: 'bad_request', status: 400, meaning: 'The request could not be read (for example a corrupt compressed body).' },
  { code: 'idempotency_key_required', status: 400, meaning: 'A POST that creates a document arrived without an Idempotency-Key header.' },
  { code: 'validation_failed', status: 422, meaning: 'A field, header or query parameter is invalid; errors[] names each one (400 for headers).' },
  { code: 'unauthorized', status: 401, meaning: 'The Bearer key is missing, unknown, revoked or expired.' },
  { code: 'insufficient_scope', status: 403, meaning: 'The key is valid but lacks the permission the operation requires.' },
  { code: 'not_found', status: 404, meaning: 'No resource with that id for the key’s company and environment.' },
  { code: 'idempotency_conflict', status: 409, meaning: 'The Idempotency-Key was already used with a different request.' },
  { code: 'document_validated', status: 409, meaning: 'The document was validated by the tax authority and cannot be discarded.' },
  { code: 'payload_too_large', status: 413, meaning: 'The request body exceeds the size limit, or the document it describes would exceed what the event store accepts in one write (EVENTSTORE_MAX_APPEND_BYTES).' },
  { code: 'concurrent_update', status: 409, meaning: 'Another request changed the same resource at the same moment and kept winning the race; send the request again (Retry-After).' },
  { code: 'store_unavailable', status: 503, meaning: 'The event store or the read-model store cannot be reached now; retry after Retry-After seconds.' },
  { code: 'storage_full', status: 503, meaning: 'The service’s storage is full (a full disk under DATA_DIR): an operator must free space. Retry after Retry-After seconds with the same Idempotency-Key.' },
  { code: 'unsupported_media_type', status: 415, meaning: 'The body must be JSON (Content-Type: application/json).' },
  { code: 'event_not_allowed', status: 409, meaning: 'The acceptance trail’s order rules refuse this event now; `rule` names the rule (receipt_first, no_duplicates, acceptance_needs_goods_received, claim_bars_acceptance, accepted_invoice_final, invoice_voided).' },
  { code: 'invoice_not_numbered', status: 409, meaning: 'The invoice has no tax authority number yet, so it has no acceptance events.' },
  { code: 'event_not_own', status: 409, meaning: 'The acceptance event was sent by the other party of the invoice, so this company holds no ApplicationResponse XML of it; `sender` says which (issuer or receiver).' },
  { code: 'events_unavailable', status: 503, meaning: 'The provider could not serve the acceptance events of the invoice; retry later.' },
  { code: 'verification_running', status: 409, meaning: 'A verification of the company’s trail in this environment is still running; `verification_id` (and Location) name it. Follow it, or start another once it ends.' },
  { code: 'rebuild_running', status: 409, meaning: 'A rebuild of that projection is already running, in this instance or another (the detail names it).' },
  { code: 'document_not_numbered', status: 409, meaning: 'The document has no tax authority number yet, so it cannot be e-mailed (nor rendered).' },
  { code: 'provider_unavailable', status: 503, meaning: 'The technology provider is unavailable (down, timing out, or refusing calls while its circuit is open); retry after Retry-After seconds.' },
  { code: 'archive_too_large', status: 422, meaning: 'The period holds more documents than one archive of files may (`documents`, `limit`); ask for a shorter period or one family.' },
  { code: 'rendering_busy', status: 503, meaning: 'Every render thread is busy and the files waiting for one fill their queue; retry after Retry-After seconds.' },
  { code: 'representation_unavailable', status: 503, meaning: 'The provider returned no representation (XML, PDF or ZIP) of the document; try again later.' },
  { code: 'company_profile_incomplete', status: 422, meaning: 'The company lacks what a document must state about its issuer; the members of the problem say what.' },
  { code: 'numbering_unavailable', status: 422, meaning: 'No numbering resolution can number the document (exhausted, expired, not yet valid, retired, an unknown `prefix`, none registered, or no software identity in live); `family`, `reason` and `resolutions[]` say which and why. Nothing was created.' },
  { code: 'certificate_expired', status: 422, meaning: 'The company’s signing certificate for the environment has expired (members certificate_serial_number, valid_to); import its renewal.' },
  { code: 'secrets_key_missing', status: 503, meaning: 'The request needs SECRETS_KEY (sealing a software PIN, or a webhook secret of the live environment) and the deployment has none.' },
  { code: 'webhook_endpoint_limit', status: 422, meaning: 'The company already has the most webhook endpoints an environment may have (16); delete one first.' },
  { code: 'console_not_built', status: 503, meaning: 'The web console (/console) has not been built on this installation; `node scripts/build-console.mjs` builds it (npm start does).' },
  ...MESSAGE_ERROR_CODES,
  ...INVOICE_MANAGEMENT_ERROR_CODES,
  ...WEBHOOK_DELIVERY_ERROR_CODES,
  { code: 'internal_error', status: 500, meaning: 'Failure on the service side; logged with the instance identifier.' },
] as const;
