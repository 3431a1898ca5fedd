import type { ApiClient } from '../http/api-client.ts';
import { PageTitle } from '../ui/feedback.tsx';
import { ArchiveSection } from './archive-section.tsx';
import { ExportSection } from './export-section.tsx';
import { BookSection } from './book-section.tsx';
import { VerificationSection } from './verification-section.tsx';

/** The company's audit: a period export, the period's files and books, and a verification of its whole trail (each document's is on its page). */
export function AuditPage({ api }: { api: ApiClient }) {
  return (
    <>
      <PageTitle>Auditoría</PageTitle>
      <p>La verificación del rastro de un documento está en la página del documento.</p>
      <ExportSection api={api} />
      <ArchiveSection api={api} />
      <BookSection api={api} />
      <VerificationSection api={api} />
    </>
  );
}
