import type { ArtifactFormat } from '../../application/ports/artifact.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const binary = { type: 'string', format: 'binary' };

/** Each format's precise media type; clients that only expect the seed's application/octet-stream still get bytes. */
const MEDIA_TYPES: Readonly<Record<ArtifactFormat, string>> = {
  xml: 'application/xml',
  'attached-xml': 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

const FORMAT_MEANINGS: Readonly<Record<ArtifactFormat, string>> = {
  xml: 'the document as DIAN holds it (UBL 2.1, or the payroll schema), file `<number>.xml`',
  'attached-xml': 'the AttachedDocument with the document and DIAN’s ApplicationResponse, file `ad<number>.xml`',
  pdf: 'the graphic representation with DIAN’s QR, file `<number>.pdf`',
  zip: 'the e-mail package (AttachedDocument and PDF), file `z<number>.zip`, with the `X-Email-Subject` header',
};

interface ArtifactPathsInput {
  base: string;
  tag: string;
  title: string;
  formats: readonly ArtifactFormat[];
}

/** `GET {base}/{id}/{format}` with the family's formats as the enum of the path parameter. */
export function artifactPaths({ base, tag, title, formats }: ArtifactPathsInput): Record<string, unknown> {
  const mediaTypes = [...new Set(formats.map((format) => MEDIA_TYPES[format]))];
  return {
    [`${base}/{id}/{format}`]: {
      get: {
        tags: [tag],
        summary: `Download a validated ${title}: ${formats.join(', ')}`,
        description: formats.map((format) => `- \`${format}\`: ${FORMAT_MEANINGS[format]}.`).join('\n'),
        operationId: `artifact-${base}`,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: [...formats] } },
          { name: 'X-Correlation-Id', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } },
        ],
        responses: {
          200: {
            description: 'The file, as an attachment named from the document number.',
            headers: {
              'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="<name>"' },
              ...(formats.includes('zip') && {
                'X-Email-Subject': {
                  schema: { type: 'string' },
                  description: 'zip only: the DIAN e-mail subject `NIT;Legal name;Number;Type code;Trade name`, percent-encoded (RFC 3986).',
                },
              }),
            },
            content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])),
          },
          401: problem('Credential missing or invalid.'),
          403: problem('The key lacks invoices:read.'),
          404: problem('No such document for this tenant and environment.'),
          409: problem('The document has no tax authority number yet (document_not_numbered); document_status names its state.'),
          422: problem('The id is not a UUID, or the format does not exist for this family (errors[] lists its formats).'),
          503: problem('The provider returned no representation of the document (representation_unavailable), or it is unavailable (provider_unavailable, with Retry-After), or every render thread is busy with a full queue (rendering_busy, with Retry-After).'),
        },
      },
    },
  };
}
