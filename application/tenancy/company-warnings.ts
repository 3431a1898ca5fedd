/** Something the company should act on before it stops being able to issue (a resolution running out, a certificate expiring). */
export interface CompanyWarning {
  /** Stable, e.g. `resolution_running_out`, `resolution_expiring`, `certificate_expiring`. */
  code: string;
  message: string;
  /** What it is about, e.g. `{ resolution_id, prefix, remaining }`. */
  details?: Record<string, unknown>;
}

/** One kind of warning, asked for one company and environment at an instant. */
export interface CompanyWarningSource {
  warningsFor(tenantId: string, environment: string, now: Date): Promise<CompanyWarning[]>;
}

export async function companyWarnings(sources: readonly CompanyWarningSource[], tenantId: string, environment: string, now: Date): Promise<CompanyWarning[]> {
  const lists = await Promise.all(sources.map((source) => source.warningsFor(tenantId, environment, now)));
  return lists.flat();
}
