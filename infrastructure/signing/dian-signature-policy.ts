/** XMLDSig and XAdES identifiers of DIAN's signature policy v2 (reference dian-signature.md §1, §5, §6). */
export const DSIG = {
  namespace: 'http://www.w3.org/2000/09/xmldsig#',
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  envelopedSignature: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
} as const;

export const XADES = {
  namespace: 'http://uri.etsi.org/01903/v1.3.2#',
  v141: 'http://uri.etsi.org/01903/v1.4.1#',
  signedPropertiesType: 'http://uri.etsi.org/01903#SignedProperties',
} as const;

/**
 * The policy document and the SHA-256 digest of its PDF: DIAN accepts exactly three digests of it (SHA-256, -384,
 * -512; reference §5), and payroll only SHA-256 or SHA-512, so SHA-256 serves every kind.
 */
export const DIAN_POLICY = {
  identifier: 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf',
  digestMethod: DSIG.sha256,
  digestValue: 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=',
  invoicesDescription: 'Política de firma para facturas electrónicas de la República de Colombia.',
  payrollDescription: 'Política de firma para nóminas electrónicas de la República de Colombia.',
} as const;

/** The issuer signs its own documents (policy §12): DIAN's `supplier` role. */
export const SIGNER_ROLE = 'supplier';

/** The prefixes DIAN's verifier looks for by qualified name, declared on every root the service signs. */
export const SIGNATURE_PREFIXES: Readonly<Record<string, string>> = {
  'xmlns:ds': DSIG.namespace,
  'xmlns:xades': XADES.namespace,
  'xmlns:xades141': XADES.v141,
};
