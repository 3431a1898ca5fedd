import { useState } from 'preact/hooks';
import type { ApiClient } from '../http/api-client.ts';
import { Link } from '../routing/router.tsx';
import { can, type Identity } from '../session/identity.ts';
import { ErrorNote, Loading, PageTitle } from '../ui/feedback.tsx';
import { useLoad } from '../ui/use-load.ts';
import { AcceptanceSection } from './acceptance-section.tsx';
import { AsOfSection } from './as-of-section.tsx';
import { DownloadsSection } from './downloads-section.tsx';
import { EmailSection } from './email-section.tsx';
import { familyByPath } from './families.ts';
import { RecordSection, TotalsSection, type DocumentRecord } from './record-section.tsx';
import { TimelineSection, type HistoryEvent } from './timeline-section.tsx';
import { TrailSection } from './trail-section.tsx';

interface Props {
  api: ApiClient;
  identity: Identity;
  family: string;
  id: string;
}

/** One document: record, totals, downloads, e-mail, acceptance events, timeline, as-of view and trail check. */
export function DocumentPage({ api, identity, family: familyPath, id }: Props) {
  const family = familyByPath(familyPath);
  const base = family ? `${family.base}/${id}` : undefined;
  const record = useLoad(base, () => api.get<DocumentRecord>(base!));
  const history = useLoad(base && `${base}/history`, () => api.get<{ events: HistoryEvent[] }>(`${base}/history`));
  // A new object each time, so choosing the same event again still moves the as-of view.
  const [chosen, setChosen] = useState<{ instant: string }>();

  if (!family) {
    return (
      <>
        <PageTitle>Documento no encontrado</PageTitle>
        <p>La consola no conoce el tipo de documento «{familyPath}».</p>
      </>
    );
  }
  const title = record.data ? `${family.label} ${record.data.number ?? '(sin número)'}` : family.label;
  const showAt = (instant: string) => {
    setChosen({ instant });
    document.getElementById('as-of')?.focus();
  };
  return (
    <>
      <p class="crumbs">
        <Link to="/documentos">← Documentos</Link>
      </p>
      <PageTitle>{title}</PageTitle>
      {record.loading && !record.data && <Loading what="el documento" />}
      <ErrorNote message={record.error} />
      {record.data && (
        <div class="document-grid">
          <RecordSection record={record.data} family={family} headingId="h-record" />
          <TotalsSection totals={record.data.totals} headingId="h-totals" />
          {family.formats.length > 0 && <DownloadsSection api={api} family={family} id={id} headingId="h-downloads" />}
          {family.email && (
            <EmailSection api={api} family={family} id={id} emails={record.data.emails} canSend={can(identity, 'invoices:write')} onSent={record.reload} headingId="h-email" />
          )}
          {family.acceptance && <AcceptanceSection api={api} family={family} id={id} headingId="h-acceptance" />}
        </div>
      )}
      {record.data && <TrailSection api={api} family={family} id={id} headingId="h-trail" />}
      {record.data && <AsOfSection api={api} family={family} id={id} chosen={chosen} current={record.data} headingId="h-as-of" />}
      <ErrorNote message={history.error} />
      {history.data && <TimelineSection events={history.data.events} onShowAt={showAt} headingId="h-timeline" />}
    </>
  );
}
