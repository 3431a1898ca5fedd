/** Seed 002 limits: at most 10 attachments, at most 10 MB (10 × 1024 × 1024 bytes) decoded in total. */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export interface AttachmentInput {
  filename: string;
  content: string;
}

type AttachmentViolationCode = 'too_many_attachments' | 'attachments_too_large' | 'invalid_attachment';

export interface AttachmentViolation {
  code: AttachmentViolationCode;
  field: string;
  message: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Line breaks are tolerated (MIME-style base64); everything else must be plain base64. */
export function compactBase64(content: string): string {
  return content.replace(/\r?\n/g, '');
}

function decodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

function contentIssue(content: string): string | null {
  if (/^\s*data:/i.test(content)) return 'must be plain base64, without a data: prefix';
  const compact = compactBase64(content);
  if (compact.length === 0) return 'must not be empty';
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) return 'is not valid base64';
  return null;
}

/** Every rule an attachment list breaks, each naming the field; the count and total size are checked once. */
export function checkAttachments(attachments: readonly AttachmentInput[]): AttachmentViolation[] {
  const violations: AttachmentViolation[] = [];
  if (attachments.length > MAX_ATTACHMENTS) {
    violations.push({ code: 'too_many_attachments', field: 'content.attachments', message: `must hold at most ${MAX_ATTACHMENTS} attachments; got ${attachments.length}` });
  }
  let total = 0;
  attachments.forEach((attachment, index) => {
    const issue = contentIssue(attachment.content);
    if (issue) violations.push({ code: 'invalid_attachment', field: `content.attachments[${index}].content`, message: issue });
    else total += decodedSize(compactBase64(attachment.content));
    if (attachment.filename.trim() === '' || /[/\\\r\n]/.test(attachment.filename)) {
      violations.push({ code: 'invalid_attachment', field: `content.attachments[${index}].filename`, message: 'must be a file name without path separators or line breaks' });
    }
  });
  if (total > MAX_ATTACHMENT_BYTES) {
    violations.push({
      code: 'attachments_too_large',
      field: 'content.attachments',
      message: `must add up to at most ${MAX_ATTACHMENT_BYTES} bytes once decoded; got ${total}`,
    });
  }
  return violations;
}
